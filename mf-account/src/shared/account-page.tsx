import type { ReactNode } from 'react';

/** An account page: its heading with the links beside it (`aside`), then its body. */
export function AccountPage({
  route,
  className,
  title,
  aside,
  children,
}: {
  route: string;
  className: string;
  title: ReactNode;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className={className} data-route={route} data-owner="mf_account">
      <div className="locker-head">
        <h1>{title}</h1>
        {aside}
      </div>
      {children}
    </article>
  );
}
