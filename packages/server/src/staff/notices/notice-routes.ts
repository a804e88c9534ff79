import { PUBLIC_NOTICES_ENDPOINT, STAFF_ENDPOINTS, type NoticeInput } from '@supersteward/contract';
import { ApiError } from '../../http/api-error.js';
import type { App } from '../../http/app-types.js';
import { actorOf } from '../http/staff-guard.js';
import { staffRoute, type StaffRouteContext } from '../http/staff-route.js';
import type { NoticeStore } from './notice-store.js';

const YEAR_MS = 366 * 86_400_000;

/** A notice's times make sense and its topics are articles of the knowledge base. */
function checkInput(input: NoticeInput, knownTopic: (id: string) => boolean): void {
  const starts = Date.parse(input.starts_at);
  const ends = Date.parse(input.ends_at);
  if (Number.isNaN(starts) || Number.isNaN(ends))
    throw new ApiError(400, 'starts_at and ends_at must be dates');
  if (ends <= starts) throw new ApiError(400, 'ends_at must be after starts_at');
  if (ends - starts > YEAR_MS) throw new ApiError(400, 'A notice may run for a year at most');
  if (!input.text.mne.trim() || !input.text.en.trim()) {
    throw new ApiError(400, 'A notice needs its text in both languages');
  }
  const unknown = input.topics.filter((topic) => !knownTopic(topic));
  if (unknown.length > 0)
    throw new ApiError(400, `No article ${unknown.join(', ')} in the knowledge base`);
}

/** Notices: staff manage them; passengers read the active ones (no visitor id needed). */
export function registerNoticeRoutes(context: StaffRouteContext, notices: NoticeStore): void {
  const { services, now } = context;
  const knownTopic = (id: string) =>
    services.titles(id, 'mne') !== undefined || services.titles(id, 'en') !== undefined;

  staffRoute(context, STAFF_ENDPOINTS.notices, async () => notices.list(now()));

  staffRoute(context, STAFF_ENDPOINTS.createNotice, async ({ body }, request) => {
    checkInput(body, knownTopic);
    const actor = actorOf(request);
    const notice = await notices.create(body, actor.email, now());
    await services.audit.write({
      actor,
      action: 'notice.create',
      target: notice.id,
      detail: { ...body },
      at: now(),
    });
    return notice;
  });

  staffRoute(context, STAFF_ENDPOINTS.updateNotice, async ({ params, body }, request) => {
    checkInput(body, knownTopic);
    const notice = await notices.update(params.id, body, now());
    if (!notice) throw new ApiError(404, 'No such notice');
    await services.audit.write({
      actor: actorOf(request),
      action: 'notice.update',
      target: notice.id,
      detail: { ...body },
      at: now(),
    });
    return notice;
  });

  staffRoute(context, STAFF_ENDPOINTS.deleteNotice, async ({ params }, request) => {
    if (!(await notices.remove(params.id))) throw new ApiError(404, 'No such notice');
    await services.audit.write({
      actor: actorOf(request),
      action: 'notice.delete',
      target: params.id,
      at: now(),
    });
    return { deleted: 1 };
  });
}

export function registerPublicNotices(app: App, notices: NoticeStore, now: () => number): void {
  app.get(
    PUBLIC_NOTICES_ENDPOINT.path,
    {
      schema: {
        summary: PUBLIC_NOTICES_ENDPOINT.summary,
        response: { 200: PUBLIC_NOTICES_ENDPOINT.response },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return notices.active(now());
    },
  );
}
