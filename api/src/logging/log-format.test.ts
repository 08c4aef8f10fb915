import { logFormatFrom } from './log-format';

describe('logFormatFrom', () => {
  it('writes readable lines to a terminal and JSON anywhere else', () => {
    expect(logFormatFrom({}, true)).toBe('pretty');
    expect(logFormatFrom({}, false)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: '' }, false)).toBe('json');
  });

  it('writes JSON on a CI service even when its output is a terminal', () => {
    expect(logFormatFrom({ CI: 'true' }, true)).toBe('json');
    expect(logFormatFrom({ CI: '1' }, true)).toBe('json');
    expect(logFormatFrom({ CI: 'false' }, true)).toBe('pretty');
    expect(logFormatFrom({ CI: 'true', LOG_FORMAT: 'pretty' }, true)).toBe('pretty');
  });

  it('follows LOG_FORMAT whatever stdout is', () => {
    expect(logFormatFrom({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormatFrom({ LOG_FORMAT: ' Pretty ' }, false)).toBe('pretty');
  });

  it('refuses any other LOG_FORMAT, naming the setting, the value and the choices', () => {
    expect(() => logFormatFrom({ LOG_FORMAT: 'text' }, true)).toThrow(
      'LOG_FORMAT must be "json" (one JSON object a line) or "pretty" (readable lines), got "text". Unset it for readable lines in a terminal and JSON elsewhere.',
    );
  });
});
