import type { ReactNode } from 'react';

/** Shown above content when the page displays a draft: only holders of a preview token see one. */
export function PreviewBanner(): ReactNode {
  return (
    <p className="content-preview" role="status">
      <strong>Preview:</strong> drafts are shown. Visitors without a preview token do not see them.
    </p>
  );
}
