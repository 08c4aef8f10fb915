/** The whole data model; drizzle-kit reads this file to generate the numbered migrations. */
export * from './accounts';
export * from './catalogue';
export * from './commerce';
export * from './item-cycle';
export * from './market';
export * from './shipping';
export * from './field';
export * from './privacy';
export * from './chance';
