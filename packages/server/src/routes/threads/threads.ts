import { DeleteResponse, HistoryResponse, ThreadList, ThreadParams } from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { errorResponses, VISITOR_HEADERS, type App } from '../../http/app-types.js';
import { CAPTCHA_ACTIONS, requireCaptcha } from '../../http/captcha-guard.js';
import type { visitorGuard } from '../../http/visitor.js';

/** The visitor's threads: list, read one, delete one (captcha), delete everything. */
export function registerThreadRoutes(
  app: App,
  deps: AppDeps,
  guard: ReturnType<typeof visitorGuard>,
): void {
  const { store, captcha } = deps;

  app.get(
    '/assistant/threads',
    {
      onRequest: guard,
      schema: {
        summary: "The visitor's threads, newest first",
        tags: ['threads'],
        headers: VISITOR_HEADERS,
        response: { 200: ThreadList, ...errorResponses(404) },
      },
    },
    (request) => store.listThreads(request.visitorId),
  );

  app.get(
    '/assistant/threads/:id/history',
    {
      onRequest: guard,
      schema: {
        summary: "A thread's messages, oldest first; null when it is not this visitor's",
        tags: ['threads'],
        headers: VISITOR_HEADERS,
        params: ThreadParams,
        response: { 200: HistoryResponse, ...errorResponses(400, 404) },
      },
    },
    (request) => store.history(request.visitorId, request.params.id),
  );

  // Registered before '/:id' would not matter to the router (static beats parametric), but it
  // reads in the order the router decides: 'all' is never taken as a thread id.
  app.delete(
    '/assistant/threads/all',
    {
      onRequest: guard,
      schema: {
        summary: 'Delete every thread, message and feedback of the visitor, and the visitor',
        tags: ['threads'],
        headers: VISITOR_HEADERS,
        response: { 200: DeleteResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ deleted: await store.deleteUser(request.visitorId) }),
  );

  app.delete(
    '/assistant/threads/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Delete one thread (captcha)',
        tags: ['threads'],
        headers: VISITOR_HEADERS,
        params: ThreadParams,
        response: { 200: DeleteResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await requireCaptcha(captcha, request, CAPTCHA_ACTIONS.click);
      const deleted = await store.deleteThread(request.visitorId, request.params.id);
      if (deleted === 0) throw new ApiError(404, 'No such thread');
      return { deleted };
    },
  );
}
