import { logFormatFrom } from './log-format';

describe('logFormatFrom', () => {
  it('writes readable lines to a terminal and JSON anywhere else', () => {
    expect(logFormatFrom({}, true)).toBe('pretty');
    expect(logFormatFrom({}, false)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: '' }, false)).toBe('json');
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
