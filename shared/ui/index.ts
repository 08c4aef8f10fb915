export { Button, type ButtonProps } from './button';
export { RemoteFallback } from './remote-fallback';
export { createPlaceholderPage } from './route-placeholder';
export { Skeleton } from './skeleton';
