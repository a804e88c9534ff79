/*
 * The contract as the web app's bundle sees it (packages/web/vite.config.ts aliases the package
 * here): the plain values, and every type. The schemas stay out, and TypeBox with them: the
 * browser validates nothing, the server does. A web module importing a schema as a value fails
 * the build instead of bringing the schema library back.
 */
export * from './constants.js';
export * from './paths.js';
export * from './routes.js';
export * from './client.js';
export type * from './index.js';
