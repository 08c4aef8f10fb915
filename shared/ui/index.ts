export { Button, type ButtonProps } from './button';
export { Drawer, type DrawerProps } from './drawer';
export {
  AppleIcon,
  BlogIcon,
  BoxIcon,
  ChevronIcon,
  CloseIcon,
  FacebookIcon,
  GalleryIcon,
  GoogleIcon,
  HelpIcon,
  HomeIcon,
  MenuIcon,
  OrdersIcon,
  SearchIcon,
  UserIcon,
} from './icons';
export { lazyComponent, type LazyComponent, type LazyComponentOptions } from './lazy-component';
export { Odds } from './odds';
export { Pagination, pageWindow, type PaginationProps } from './pagination';
export { RemoteFallback } from './remote-fallback';
export { createPlaceholderPage } from './route-placeholder';
export { Skeleton } from './skeleton';
export { Toast } from './toast';
export { type FieldProblems, reviseFieldProblem, useFieldProblems } from './field-problems';
