export * from './common.js';
export * from './messages.js';
export * from './api.js';
export * from './realtime.js';
