import { STAFF_ENDPOINTS } from '@supersteward/contract';
import { ApiError } from '../../http/api-error.js';
import { actorOf } from '../http/staff-guard.js';
import { staffRoute, type StaffRouteContext } from '../http/staff-route.js';
import { listConversations, readConversation } from './conversations.js';
import { dayRange } from './days.js';
import { gaps } from './gaps.js';
import { overview } from './overview.js';

/** The screens that read what passengers asked: overview, content gaps, conversations. */
export function registerInsightRoutes(context: StaffRouteContext): void {
  const { services, now } = context;
  const { database, titles, audit } = services;

  staffRoute(context, STAFF_ENDPOINTS.overview, async ({ query }) =>
    overview(database, dayRange(query, now()), now(), titles),
  );

  staffRoute(context, STAFF_ENDPOINTS.gaps, async ({ query }) =>
    gaps(database, dayRange(query, now()), query, titles),
  );

  staffRoute(context, STAFF_ENDPOINTS.conversations, async ({ query }) =>
    listConversations(database, query, now()),
  );

  staffRoute(context, STAFF_ENDPOINTS.conversation, async ({ params }, request) => {
    const conversation = await readConversation(database, params.id);
    if (!conversation) throw new ApiError(404, 'No such conversation');
    // Reading a passenger's conversation is itself recorded: who read which thread, when.
    await audit.write({
      actor: actorOf(request),
      action: 'conversation.read',
      target: conversation.thread_id,
      at: now(),
    });
    return conversation;
  });
}
