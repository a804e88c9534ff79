import { client } from './visitors.js';

/** What a load of visitors saw: every question answered 200 (thread id + question), every failure. */
export interface LoadResult {
  answered: Array<{ visitor: string; threadId: string; question: string }>;
  statuses: Map<number, number>;
  /** Connection errors and non-200 answers, with what was said. */
  failures: string[];
}

export interface Load {
  result: LoadResult;
  /** Stops the visitors after their current question; resolves when all stopped. */
  stop(): Promise<LoadResult>;
}

/** Limits high enough for a load from one loopback address (the limits have suites of their own). */
export const LOAD_LIMITS = {
  DAILY_MESSAGE_LIMIT: '100000',
  IP_DAILY_MESSAGE_LIMIT: '100000',
  UUID_DAILY_LIMIT_PER_IP: '100000',
};

const QUESTIONS = [
  'How much can my checked baggage weigh?',
  'Can I take my cat in the cabin?',
  'Is a stroller free of charge?',
  'How many liquids can I carry in hand luggage?',
];

/**
 * `visitors` visitors asking one question after another (new thread, then follow-ups) against
 * `baseUrl()` (read before each question, so a test may move them to a restarted server).
 */
export function startLoad(
  baseUrl: () => string,
  options: { visitors: number; captcha?: 'altcha' | 'none'; pauseMs?: number },
): Load {
  const result: LoadResult = { answered: [], statuses: new Map(), failures: [] };
  let running = true;
  const one = async (index: number): Promise<void> => {
    let visitor: string | undefined;
    let threadId: string | undefined;
    let turn = 0;
    while (running) {
      const http = client(baseUrl());
      try {
        visitor ??= await http.createVisitor();
        const question = `${QUESTIONS[(index + turn) % QUESTIONS.length]} (${index}.${turn})`;
        turn += 1;
        const sent = await http.call('answer', {
          uuid: visitor,
          captcha: options.captcha === 'none' ? 'none' : true,
          json: { question, language: 'en', ...(threadId ? { thread_id: threadId } : {}) },
          timeoutMs: 30_000,
        });
        result.statuses.set(sent.status, (result.statuses.get(sent.status) ?? 0) + 1);
        if (sent.status === 200) {
          threadId = (sent.body as { thread_id: string }).thread_id;
          result.answered.push({ visitor, threadId, question });
        } else {
          result.failures.push(`${sent.status} ${sent.text.slice(0, 200)}`);
        }
      } catch (error) {
        result.failures.push(String(error));
      }
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 50));
    }
  };
  const all = Array.from({ length: options.visitors }, (_, index) => one(index));
  return {
    result,
    async stop() {
      running = false;
      await Promise.all(all);
      return result;
    },
  };
}
