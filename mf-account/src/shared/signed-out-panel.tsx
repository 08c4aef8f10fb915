import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What a page that needs an account shows once its visitor has logged out on it. */
export function SignedOutPanel({
  loginPath,
  note = 'This page shows your own account.',
  children,
}: {
  loginPath: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="locker-panel">
      <p>{note}</p>
      <Link className="ui-button ui-button--primary" to={loginPath}>
        {children}
      </Link>
    </div>
  );
}
