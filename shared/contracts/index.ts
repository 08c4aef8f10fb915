export * from './errors';
export * from './manifest';
export * from './remote';
export * from './router-types';
export * from './routes';
export * from './runtime-config';
