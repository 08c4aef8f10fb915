import type { ReactNode } from 'react';
import { appFolder, type RemoteName } from '../contracts';
import { Button } from './button';

const SECTION_NAMES: Record<RemoteName, string> = {
  mf_gallery: 'The gallery',
  mf_blog: 'The blog',
  mf_mysterybox: 'Mystery boxes',
  mf_account: 'Your account',
  mf_rules: 'The help pages',
};

/** What a visitor sees where a remote failed: plain words and a retry; the rest of the page keeps working. */
export function RemoteFallback({
  name,
  error,
  onRetry,
}: {
  name: RemoteName;
  error: Error;
  onRetry: () => void;
}): ReactNode {
  return (
    <section className="ui-fallback" role="alert" data-testid={`fallback-${appFolder(name)}`}>
      <h2>{SECTION_NAMES[name]} could not be loaded</h2>
      <p>Check your connection and try again. Every other page still works.</p>
      <Button onClick={onRetry}>Try again</Button>
      <details>
        <summary>Details</summary>
        <code>{error.message}</code>
      </details>
    </section>
  );
}
