import { FeedbackRequest, FeedbackResponse } from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { errorResponses, VISITOR_HEADERS, type App } from '../../http/app-types.js';
import { CAPTCHA_ACTIONS, requireCaptcha } from '../../http/captcha-guard.js';
import type { visitorGuard } from '../../http/visitor.js';

/** POST /assistant/message/feedback (captcha): thumbs up/down (or cleared) on an assistant reply. */
export function registerFeedbackRoutes(
  app: App,
  deps: AppDeps,
  guard: ReturnType<typeof visitorGuard>,
): void {
  const { store, captcha } = deps;
  app.post(
    '/assistant/message/feedback',
    {
      onRequest: guard,
      schema: {
        summary: 'Rate an assistant message (captcha)',
        tags: ['messages'],
        headers: VISITOR_HEADERS,
        body: FeedbackRequest,
        response: { 200: FeedbackResponse, ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { message_id, sentiment, comment } = request.body;
      await requireCaptcha(captcha, request, CAPTCHA_ACTIONS.click);
      const trimmed = comment?.trim();
      const saved = await store.setFeedback({
        userId: request.visitorId,
        messageId: message_id,
        sentiment,
        comment: trimmed ? trimmed : undefined,
      });
      if (!saved) throw new ApiError(404, 'No such assistant message of this visitor');
      return { message_id, sentiment };
    },
  );
}
