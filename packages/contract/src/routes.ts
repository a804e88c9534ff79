import type { PASSENGER_ENDPOINTS, PassengerEndpointName } from './endpoints.js';

type Route<K extends PassengerEndpointName> =
  `${(typeof PASSENGER_ENDPOINTS)[K]['method']} ${(typeof PASSENGER_ENDPOINTS)[K]['path']}`;

/**
 * Method and path of every passenger endpoint, without its schemas, as `METHOD /path`: what the
 * clients are built from. Reading PASSENGER_ENDPOINTS in the browser would bring every schema and
 * TypeBox into the first load (written as one short string each, as that first load is counted
 * in bytes). The compiler holds this table equal to PASSENGER_ENDPOINTS, entry by entry.
 */
export const PASSENGER_ROUTES = {
  config: 'GET /api/config',
  createUuid: 'POST /user/create_uuid',
  threads: 'GET /assistant/threads',
  history: 'GET /assistant/threads/:id/history',
  deleteAll: 'DELETE /assistant/threads/all',
  deleteThread: 'DELETE /assistant/threads/:id',
  answer: 'POST /assistant/answer',
  feedback: 'POST /assistant/message/feedback',
  registerRoom: 'POST /ws/register_to_room/',
} as const satisfies { [K in PassengerEndpointName]: Route<K> };
