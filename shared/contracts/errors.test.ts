import { createSiteError, invalidParamsError, isSiteError, noMatchError, statusMessageFor } from './errors';

describe('statusMessageFor', () => {
  it('calls a 404 Page Not Found and anything else Internal Server Error', () => {
    expect(statusMessageFor(404)).toBe('Page Not Found');
    expect(statusMessageFor(500)).toBe('Internal Server Error');
    expect(statusMessageFor(403)).toBe('Internal Server Error');
    expect(statusMessageFor(200)).toBe('Internal Server Error');
  });
});

describe('createSiteError', () => {
  it('defaults to a non-fatal 500 with the status message as its message', () => {
    const error = createSiteError({});
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SiteError');
    expect(error.statusCode).toBe(500);
    expect(error.statusMessage).toBe('Internal Server Error');
    expect(error.message).toBe('Internal Server Error');
    expect(error.fatal).toBe(false);
  });

  it('keeps the given status, message and fatality', () => {
    const error = createSiteError({ statusCode: 404, message: 'gone', fatal: true });
    expect(error).toMatchObject({
      statusCode: 404,
      statusMessage: 'Page Not Found',
      message: 'gone',
      fatal: true,
    });
  });
});

describe('isSiteError', () => {
  it('tells site errors from plain errors and non-errors', () => {
    expect(isSiteError(createSiteError({}))).toBe(true);
    expect(isSiteError(new Error('plain'))).toBe(false);
    expect(isSiteError({ statusCode: 404, message: 'not an Error' })).toBe(false);
  });
});

describe('invalidParamsError', () => {
  it('is a fatal 404 naming the full path', () => {
    const error = invalidParamsError('/mysterybox/abc?x=1');
    expect(error).toMatchObject({ statusCode: 404, statusMessage: 'Page Not Found', fatal: true });
    expect(error.message).toBe('Page Not Found: /mysterybox/abc?x=1');
  });
});

describe('noMatchError', () => {
  it('is a non-fatal 404 naming the full path', () => {
    const error = noMatchError('/no/such/page');
    expect(error).toMatchObject({ statusCode: 404, statusMessage: 'Page Not Found', fatal: false });
    expect(error.message).toBe('Page not found: /no/such/page');
  });
});
