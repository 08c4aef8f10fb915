// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { remoteApp } from '@arttoy/shared/federation/remote';
import { rules } from './routes';

export const { bootstrap, mount, update, unmount, prefetch } = remoteApp(rules);
