import { reviseFieldProblem } from './field-problems';

describe('reviseFieldProblem', () => {
  const shown = { name: 'Enter your full name.', city: 'Enter your city.' };

  it('clears a field’s problem as soon as the field checks out, keeping the others', () => {
    expect(reviseFieldProblem(shown, 'name', undefined)).toEqual({ city: 'Enter your city.' });
    expect(reviseFieldProblem(shown, 'name', null)).toEqual({ city: 'Enter your city.' });
  });

  it('rewords a problem while the field is still wrong', () => {
    expect(reviseFieldProblem(shown, 'name', 'Full name is too long.')).toEqual({
      name: 'Full name is too long.',
      city: 'Enter your city.',
    });
  });

  it('shows nothing new on a field that showed nothing, until the next submit', () => {
    const problems: Partial<Record<'name' | 'city' | 'phone', string>> = shown;
    expect(reviseFieldProblem(problems, 'phone', 'Enter your phone.')).toBe(problems);
  });
});
