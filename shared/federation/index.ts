export { defineRemote } from './define-remote';
export { navigatorFor, type NavigableRouter } from './navigator';
export { ParcelOutlet, type OutletProps, type ParcelOutletProps } from './parcel-outlet';
export { routerProps } from './router-props';
