import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { HttpError, visitorMessage } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';

/** What went wrong, in plain words: the visitor's copy of the server's refusal (visitorMessage). */
export function explain(error: Error): string {
  if (error instanceof HttpError && error.status === 0)
    return 'We could not reach the shop. Check your connection, then try again.';
  if (error instanceof HttpError && error.status >= 500)
    return 'The shop is having trouble right now. Please try again in a moment.';
  return visitorMessage(error);
}

/** A failed read or action: what happened and a way forward. */
export function ErrorNotice({
  title,
  error,
  onRetry,
  children,
}: {
  title: string;
  error: Error;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="mb-notice mb-notice--error" role="alert">
      <p>
        <strong>{title}</strong> {explain(error)}
      </p>
      <div className="mb-actions">
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/** The sign-in link that brings the visitor back to this very page (path, query and all). */
export function loginHref(location: { pathname: string; search: string }): string {
  return `/login?return_to=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/** For pages that need an account: why, and a link to sign in and come back. */
export function SignInNotice({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <div className="mb-notice">
      <p>{children}</p>
      <Link className="ui-button ui-button--primary" to={loginHref(location)}>
        Log in
      </Link>
    </div>
  );
}
