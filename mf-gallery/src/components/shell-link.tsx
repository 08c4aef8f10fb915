import type { MouseEvent, ReactNode } from 'react';
import { useRemote } from '@arttoy/shared/federation/remote';

/**
 * A link to a page of another app (the mystery box pages): an absolute URL pushed through the
 * shell's navigator. A `<Link>` of this remote would resolve under `/gallery`.
 */
export function ShellLink({
  to,
  className,
  label,
  children,
}: {
  to: string;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const { navigator } = useRemote();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle new tabs and windows.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigator.push(to);
  };
  return (
    <a href={navigator.createHref(to)} className={className} aria-label={label} onClick={onClick}>
      {children}
    </a>
  );
}
