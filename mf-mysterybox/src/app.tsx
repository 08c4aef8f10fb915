// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { remoteApp } from '@arttoy/shared/federation/remote';
import { mysterybox } from './routes';
import './styles/mysterybox.css';

export const { bootstrap, mount, update, unmount, prefetch } = remoteApp(mysterybox);
