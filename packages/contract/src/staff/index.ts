export * from './access.js';
export * from './overview.js';
export * from './conversations.js';
export * from './gaps.js';
export * from './knowledge.js';
export * from './notices.js';
export * from './endpoints.js';
export * from './routes.js';
