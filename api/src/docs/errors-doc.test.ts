import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderErrorsDoc } from './errors-doc';

describe('docs/errors.md', () => {
  it('is what the error catalogue writes (npm run docs:errors -w api)', () => {
    const written = readFileSync(join(__dirname, '../../../docs/errors.md'), 'utf8');
    expect(written).toBe(renderErrorsDoc());
  });
});
