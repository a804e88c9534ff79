import { RegisterRoomRequest, RegisterRoomResponse } from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { errorResponses, VISITOR_HEADERS, type App } from '../../http/app-types.js';
import type { visitorGuard } from '../../http/visitor.js';
import { isOwnRoom } from '../../realtime/rooms.js';

/**
 * POST /ws/register_to_room/: confirms the visitor may listen on a room. Joining itself happens
 * on the socket, which checks the same rule; this call lets a client ask before it connects.
 */
export function registerRoomRoutes(
  app: App,
  deps: AppDeps,
  guard: ReturnType<typeof visitorGuard>,
): void {
  app.post(
    '/ws/register_to_room/',
    {
      onRequest: guard,
      schema: {
        summary: 'Check that a room is the visitor’s own',
        tags: ['realtime'],
        headers: VISITOR_HEADERS,
        body: RegisterRoomRequest,
        response: { 200: RegisterRoomResponse, ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { user_id, room_id } = request.body;
      if (user_id.toLowerCase() !== request.visitorId)
        throw new ApiError(403, 'user_id is not the visitor of this request');
      if (!(await isOwnRoom(deps.store, request.visitorId, room_id)))
        throw new ApiError(403, 'Not your room');
      return { room_id };
    },
  );
}
