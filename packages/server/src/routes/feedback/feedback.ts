import { PASSENGER_ENDPOINTS } from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { CAPTCHA_ACTIONS, requireCaptcha } from '../../http/captcha-guard.js';
import { refuseNul } from '../../http/nul.js';
import { passengerRoute, type PassengerRouteContext } from '../../http/passenger-route.js';

/** POST /assistant/message/feedback (captcha): thumbs up/down (or cleared) on an assistant reply. */
export function registerFeedbackRoutes(context: PassengerRouteContext, deps: AppDeps): void {
  const { store, captcha } = deps;
  passengerRoute(context, PASSENGER_ENDPOINTS.feedback, async ({ body }, request) => {
    const { message_id, sentiment, comment } = body;
    refuseNul('body/comment', comment);
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
  });
}
