import { PASSENGER_ENDPOINTS } from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { passengerRoute, type PassengerRouteContext } from '../../http/passenger-route.js';
import { isOwnRoom } from '../../realtime/rooms.js';

/**
 * POST /ws/register_to_room/: confirms the visitor may listen on a room. Joining itself happens
 * on the socket, which checks the same rule; this call lets a client ask before it connects.
 */
export function registerRoomRoutes(context: PassengerRouteContext, deps: AppDeps): void {
  passengerRoute(context, PASSENGER_ENDPOINTS.registerRoom, async ({ body }, request) => {
    const { user_id, room_id } = body;
    if (user_id.toLowerCase() !== request.visitorId)
      throw new ApiError(403, 'user_id is not the visitor of this request');
    if (!(await isOwnRoom(deps.store, request.visitorId, room_id)))
      throw new ApiError(403, 'Not your room');
    return { room_id };
  });
}
