// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { remoteApp } from '@arttoy/shared/federation/remote';
import { gallery } from './routes';
import './gallery.css';

export const { bootstrap, mount, update, unmount, prefetch } = remoteApp(gallery);
