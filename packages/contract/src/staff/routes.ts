import type { PUBLIC_NOTICES_ENDPOINT, STAFF_ENDPOINTS, StaffEndpointName } from './endpoints.js';

type Route<K extends StaffEndpointName> = Pick<
  (typeof STAFF_ENDPOINTS)[K],
  'method' | 'path' | 'role'
>;

/**
 * Method, path and role of every staff endpoint, without its schemas: what the web app's console
 * client is built from. Reading STAFF_ENDPOINTS in the browser would keep every schema (and
 * TypeBox) in the bundle, and in the passengers' first load with it, since the contract's modules
 * are shared. The compiler holds this table equal to STAFF_ENDPOINTS, entry by entry.
 */
export const STAFF_ROUTES = {
  login: { method: 'POST', path: '/api/staff/login', role: null },
  logout: { method: 'POST', path: '/api/staff/logout', role: 'viewer' },
  me: { method: 'GET', path: '/api/staff/me', role: 'viewer' },
  changePassword: { method: 'POST', path: '/api/staff/me/password', role: 'viewer' },
  listUsers: { method: 'GET', path: '/api/staff/users', role: 'admin' },
  createUser: { method: 'POST', path: '/api/staff/users', role: 'admin' },
  updateUser: { method: 'PATCH', path: '/api/staff/users/:id', role: 'admin' },
  resetPassword: { method: 'POST', path: '/api/staff/users/:id/reset-password', role: 'admin' },
  audit: { method: 'GET', path: '/api/staff/audit', role: 'admin' },
  overview: { method: 'GET', path: '/api/staff/overview', role: 'viewer' },
  gaps: { method: 'GET', path: '/api/staff/gaps', role: 'viewer' },
  conversations: { method: 'GET', path: '/api/staff/conversations', role: 'viewer' },
  conversation: { method: 'GET', path: '/api/staff/conversations/:id', role: 'viewer' },
  knowledge: { method: 'GET', path: '/api/staff/kb', role: 'viewer' },
  article: { method: 'GET', path: '/api/staff/kb/articles/:id', role: 'viewer' },
  validate: { method: 'POST', path: '/api/staff/kb/validate', role: 'viewer' },
  check: { method: 'POST', path: '/api/staff/kb/check', role: 'editor' },
  publish: { method: 'POST', path: '/api/staff/kb/publish', role: 'editor' },
  versions: { method: 'GET', path: '/api/staff/kb/versions', role: 'viewer' },
  version: { method: 'GET', path: '/api/staff/kb/versions/:version', role: 'viewer' },
  restore: { method: 'POST', path: '/api/staff/kb/versions/:version/restore', role: 'editor' },
  exportFiles: { method: 'GET', path: '/api/staff/kb/export', role: 'viewer' },
  tryQuestion: { method: 'POST', path: '/api/staff/kb/try', role: 'viewer' },
  regression: { method: 'GET', path: '/api/staff/kb/regression', role: 'viewer' },
  pin: { method: 'POST', path: '/api/staff/kb/pinned', role: 'editor' },
  unpin: { method: 'DELETE', path: '/api/staff/kb/pinned/:id', role: 'editor' },
  notices: { method: 'GET', path: '/api/staff/notices', role: 'viewer' },
  createNotice: { method: 'POST', path: '/api/staff/notices', role: 'editor' },
  updateNotice: { method: 'PATCH', path: '/api/staff/notices/:id', role: 'editor' },
  deleteNotice: { method: 'DELETE', path: '/api/staff/notices/:id', role: 'editor' },
} as const satisfies { [K in StaffEndpointName]: Route<K> };

/** The passengers' endpoint of the active notices, without its schema (see STAFF_ROUTES). */
export const PUBLIC_NOTICES_PATH =
  '/api/notices' satisfies (typeof PUBLIC_NOTICES_ENDPOINT)['path'];

export { fillPath } from '../paths.js';
