import {
  AnswerRequest,
  AnswerResponse,
  DEFAULT_LANGUAGE,
  hasLetter,
  newChatRoom,
  type Message,
} from '@supersteward/contract';
import type { HistoryTurn } from '../../answer/engine.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { errorResponses, VISITOR_HEADERS, type App } from '../../http/app-types.js';
import { CAPTCHA_ACTIONS, requireCaptcha } from '../../http/captcha-guard.js';
import { takeDaily } from '../../http/daily-limit.js';
import type { visitorGuard } from '../../http/visitor.js';
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
  app: App,
  deps: AppDeps,
  guard: ReturnType<typeof visitorGuard>,
  inFlight: InFlightAnswers,
  now: () => Date,
): void {
  const { store, quota, captcha, settings } = deps;
  const limitDetail = (limit: number, resetAt: string): string =>
    `Daily limit of ${limit} messages reached; it resets at ${resetAt}. If you think this is a mistake, contact ${settings.supportEmail}.`;

  app.post(
    '/assistant/answer',
    {
      onRequest: guard,
      schema: {
        summary: 'Ask a question (captcha); the answer streams to the room and is returned whole',
        tags: ['messages'],
        headers: VISITOR_HEADERS,
        body: AnswerRequest,
        response: {
          200: AnswerResponse,
          ...errorResponses(400, 403, 404, 413, 415, 429, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const visitorId = request.visitorId;
      const question = request.body.question.trim();
      if (question === '') throw new ApiError(400, 'body/question is empty');
      if (!hasLetter(question))
        throw new ApiError(400, 'body/question must contain at least one letter');
      const requested = request.body.thread_id;
      const existingThread =
        requested === undefined || requested === null || requested === 'new' ? null : requested;
      const language = request.body.language ?? DEFAULT_LANGUAGE;

      await requireCaptcha(captcha, request, CAPTCHA_ACTIONS.answer);

      let history: HistoryTurn[] = [];
      if (existingThread !== null) {
        const earlier = await store.history(visitorId, existingThread);
        if (earlier === null) throw new ApiError(404, 'No such thread');
        history = engineHistory(earlier);
      }

      const today = now();
      await takeDaily(quota, {
        key: `msg:user:${visitorId}`,
        limit: settings.dailyMessageLimit,
        now: today,
        detail: limitDetail,
      });
      await takeDaily(quota, {
        key: `msg:ip:${request.ip}`,
        limit: settings.ipDailyMessageLimit,
        now: today,
        detail: limitDetail,
      });

      const stored = await store.addQuestion({
        userId: visitorId,
        threadId: existingThread,
        question,
        threadName: threadName(question),
      });
      if (!stored) throw new ApiError(404, 'No such thread');
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
      const all_messages = (await store.history(visitorId, stored.threadId)) ?? [];
      return { thread_id: stored.threadId, all_messages };
    },
  );
}
