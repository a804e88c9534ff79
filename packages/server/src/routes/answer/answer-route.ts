import {
  DEFAULT_LANGUAGE,
  hasLetter,
  newChatRoom,
  PASSENGER_ENDPOINTS,
  type Message,
} from '@supersteward/contract';
import type { HistoryTurn } from '../../answer/engine.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { CAPTCHA_ACTIONS, requireCaptcha } from '../../http/captcha-guard.js';
import { takeDaily, takeDailyAll, type DailyTake } from '../../http/daily-limit.js';
import { refuseNul } from '../../http/nul.js';
import { passengerRoute, type PassengerRouteContext } from '../../http/passenger-route.js';
import type { StoreTransaction } from '../../store/store.js';
import { threadName } from '../../store/thread-name.js';
import { AnswerStopped, type InFlightAnswers } from './in-flight.js';
import { produceAnswer } from './produce-answer.js';

/** Earlier turns handed to the engine; it bounds them further by its own budget. */
const HISTORY_TURNS = 20;

function engineHistory(messages: Message[]): HistoryTurn[] {
  return messages
    .filter((m) => m.content.trim() !== '' && m.status !== 'failed' && m.status !== 'streaming')
    .slice(-HISTORY_TURNS)
    .map((m) => ({ role: m.role, content: m.content }));
}

/**
 * POST /assistant/answer. Checks in this order, each refusal changing nothing: the body (400),
 * the captcha (403), the thread (404), the daily limits per visitor then per IP (429). Then the
 * question is stored, the answer streamed to the room and stored, and the whole thread returned.
 */
export function registerAnswerRoutes(
  context: PassengerRouteContext,
  deps: AppDeps,
  inFlight: InFlightAnswers,
  now: () => Date,
): void {
  const { store, quota, captcha, settings } = deps;
  const limitDetail = (limit: number, resetAt: string): string =>
    `Daily limit of ${limit} messages reached; it resets at ${resetAt}. If you think this is a mistake, contact ${settings.supportEmail}.`;

  passengerRoute(context, PASSENGER_ENDPOINTS.answer, async ({ body }, request, reply) => {
    const visitorId = request.visitorId;
    const question = body.question.trim();
    if (question === '') throw new ApiError(400, 'body/question is empty');
    refuseNul('body/question', question);
    if (!hasLetter(question))
      throw new ApiError(400, 'body/question must contain at least one letter');
    const requested = body.thread_id;
    const existingThread =
      requested === undefined || requested === null || requested === 'new' ? null : requested;
    const language = body.language ?? DEFAULT_LANGUAGE;

    await requireCaptcha(captcha, request, CAPTCHA_ACTIONS.answer);

    let history: HistoryTurn[] = [];
    if (existingThread !== null) {
      const earlier = await store.history(visitorId, existingThread);
      if (earlier === null) throw new ApiError(404, 'No such thread');
      history = engineHistory(earlier);
    }

    const today = now();
    const takes: DailyTake[] = [
      {
        key: `msg:user:${visitorId}`,
        limit: settings.dailyMessageLimit,
        now: today,
        detail: limitDetail,
      },
      {
        key: `msg:ip:${request.ip}`,
        limit: settings.ipDailyMessageLimit,
        now: today,
        detail: limitDetail,
      },
    ];
    // Counters in the store's database are taken in the question's transaction: a refusal (or
    // a question not stored) rolls them back. Others (Redis) are taken first and given back.
    const within = quota.within?.bind(quota);
    const giveBack = within ? undefined : await takeDailyAll(quota, takes);
    const spend = within
      ? async (transaction: StoreTransaction): Promise<void> => {
          const counters = within(transaction);
          for (const take of takes) await takeDaily(counters, take);
        }
      : undefined;

    // A question that is not stored spends nothing.
    let stored;
    try {
      stored = await store.addQuestion({
        userId: visitorId,
        threadId: existingThread,
        question,
        threadName: threadName(question),
        // The assistant's message is created in the question's transaction: one commit less.
        startAnswer: true,
        first: spend,
      });
      if (!stored) throw new ApiError(404, 'No such thread');
    } catch (error) {
      await giveBack?.().catch((failure: unknown) =>
        request.log.warn({ err: failure }, 'could not give back a daily unit'),
      );
      throw error;
    }
    const room = stored.createdThread ? newChatRoom(visitorId) : stored.threadId;

    // A client that hangs up stops the engine; what was produced is kept as 'interrupted'.
    const controller = new AbortController();
    const onClose = (): void => {
      if (!reply.raw.writableEnded) controller.abort(new AnswerStopped('client gone'));
    };
    reply.raw.on('close', onClose);
    // Bounded, so an answer still 'streaming' past this was left by an instance that died.
    const deadline = setTimeout(
      () => controller.abort(new AnswerStopped('timed out')),
      settings.answerTimeoutMs,
    );
    const produced = await inFlight
      .track(
        controller,
        produceAnswer(
          {
            store,
            hub: deps.hub,
            engine: deps.engine,
            logger: request.log as AppDeps['logger'],
            supportEmail: settings.supportEmail,
          },
          {
            threadId: stored.threadId,
            answer: stored.answer,
            room,
            question,
            history,
            language,
            signal: controller.signal,
          },
        ),
      )
      .finally(() => {
        clearTimeout(deadline);
        reply.raw.off('close', onClose);
      });

    if (produced.status === 'failed') {
      throw new ApiError(
        502,
        'The assistant could not answer; your question is saved. Please try again.',
      );
    }
    if (produced.status === 'interrupted') {
      throw new ApiError(
        503,
        'The answer was cut short; your question is saved. Please ask again.',
      );
    }
    const all_messages = await store.history(visitorId, stored.threadId);
    // Deleted (one thread, or "Delete all" in another tab) while the answer was produced.
    if (all_messages === null) {
      throw new ApiError(404, 'The thread was deleted while its answer was being written');
    }
    return { thread_id: stored.threadId, all_messages };
  });
}
