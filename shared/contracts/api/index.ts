/**
 * The HTTP API's request and response schemas (zod), shared by the API and its clients.
 * Imported as `@arttoy/shared/contracts/api`, apart from `@arttoy/shared/contracts`, so pages that
 * never call the API do not load zod's schemas.
 */
export * from './account';
export * from './catalogue';
export * from './commerce';
export * from './countries';
export * from './common';
export * from './errors';
export * from './health';
export * from './market';
export * from './shipping-fees';
export * from './content';
export * from './endpoints';
export * from './feed';
export * from './handles';
export * from './field';
export * from './privacy';
export * from './chance';
