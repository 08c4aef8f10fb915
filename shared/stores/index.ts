import { registerSingleton } from './singleton-guard';

registerSingleton('@arttoy/shared/stores');

export * from './auth-store';
export * from './account-label';
export * from './payment-store';
export * from './session';
export * from './sign-in-config';
export { singletonCount } from './singleton-guard';
