import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { noMatchError } from '@arttoy/shared/contracts';

/**
 * The catch-all `/{slug}` at any depth: a content page when a document exists for the path.
 * No documents are published yet, so every such path is the non-fatal 404.
 */
export function ContentPage(): ReactNode {
  const location = useLocation();
  throw noMatchError(`${location.pathname}${location.search}`);
}
