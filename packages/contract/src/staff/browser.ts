/*
 * The staff contract as the console's chunk sees it (packages/web/vite.config.ts aliases
 * `@supersteward/contract/staff` here): plain values and every type, no schema. Apart from the
 * passengers' face (../browser.ts) so none of it is placed in the passengers' first load.
 */
export * from './constants.js';
export * from './routes.js';
export type * from './index.js';
