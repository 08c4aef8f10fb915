/** Page-level errors, as the original site reported them (spec §8). */
export interface SiteError extends Error {
  statusCode: number;
  statusMessage: string;
  /** A fatal error replaces the page content with the error page. */
  fatal: boolean;
}

export function isSiteError(value: unknown): value is SiteError {
  return value instanceof Error && typeof (value as Partial<SiteError>).statusCode === 'number';
}

/** The error page's heading: 404 → 'Page Not Found', anything else → 'Internal Server Error'. */
export function statusMessageFor(statusCode: number): string {
  return statusCode === 404 ? 'Page Not Found' : 'Internal Server Error';
}

export function createSiteError(input: {
  statusCode?: number;
  message?: string;
  fatal?: boolean;
}): SiteError {
  const statusCode = input.statusCode ?? 500;
  const error = new Error(input.message ?? statusMessageFor(statusCode)) as SiteError;
  error.name = 'SiteError';
  error.statusCode = statusCode;
  error.statusMessage = statusMessageFor(statusCode);
  error.fatal = input.fatal ?? false;
  return error;
}

/** A route whose parameters fail validation: fatal 404 'Page Not Found: {fullPath}'. */
export function invalidParamsError(fullPath: string): SiteError {
  return createSiteError({ statusCode: 404, message: `Page Not Found: ${fullPath}`, fatal: true });
}

/** No route matches: non-fatal 404 'Page not found: {fullPath}'. */
export function noMatchError(fullPath: string): SiteError {
  return createSiteError({ statusCode: 404, message: `Page not found: ${fullPath}` });
}
