import type { ReactNode } from 'react';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import {
  createSiteError,
  isSiteError,
  noMatchError,
  statusMessageFor,
  type SiteError,
} from '@arttoy/shared/contracts';

function toSiteError(error: unknown, fullPath: string): SiteError {
  if (isSiteError(error)) return error;
  if (isRouteErrorResponse(error))
    return error.status === 404 ? noMatchError(fullPath) : createSiteError({ statusCode: error.status });
  return createSiteError({ statusCode: 500, message: error instanceof Error ? error.message : undefined });
}

/** The error page: 404 → 'Page Not Found', anything else → 'Internal Server Error' (status defaults to 500). */
export function ErrorPage({ error }: { error: SiteError }): ReactNode {
  const heading = statusMessageFor(error.statusCode);
  usePageHead({ title: heading });
  return (
    <section className="error-page" data-status={error.statusCode} aria-labelledby="error-heading">
      <p className="error-page__code">{error.statusCode}</p>
      <h1 id="error-heading">{heading}</h1>
      <p className="error-page__message">
        {error.statusCode === 404
          ? error.message
          : 'Something went wrong on our side. Please try again in a moment.'}
      </p>
      <nav className="error-page__links" aria-label="Where to go from here">
        <Link className="ui-button ui-button--primary" to="/">
          Back to the home page
        </Link>
        <Link className="ui-button ui-button--secondary" to="/gallery">
          Browse the gallery
        </Link>
        <Link className="ui-button ui-button--secondary" to="/help">
          Visit the help center
        </Link>
      </nav>
    </section>
  );
}

/** The router's error element: whatever a route threw, shown as the error page inside the site's chrome. */
export function RouteErrorPage(): ReactNode {
  const error = useRouteError();
  const location = useLocation();
  return <ErrorPage error={toSiteError(error, `${location.pathname}${location.search}`)} />;
}
