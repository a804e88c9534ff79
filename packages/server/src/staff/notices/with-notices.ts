import type { Language } from '@supersteward/contract';
import type { AnswerEngine } from '../../answer/engine.js';
import type { NoticeStore } from './notice-store.js';

/** Markdown punctuation shown as typed: a notice is plain text, never links, HTML or formatting. */
export function plainMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-!|~]/g, (c) => `\\${c}`);
}

/**
 * The passengers' engine with the notices of the topics an answer cites added at its end, while
 * they run: an answer citing an article a notice names ends with that notice in the answer's
 * language (stored with it, as passengers saw it).
 */
export function withNotices(
  engine: AnswerEngine,
  notices: NoticeStore,
  now: () => number,
): AnswerEngine {
  return {
    async *answer(request, signal) {
      for await (const event of engine.answer(request, signal)) {
        if (event.type === 'end' && event.sources.length > 0) {
          const cited = new Set(event.sources.map((s) => s.id));
          const language: Language = event.trace?.language ?? request.language;
          const matching = (await notices.activeWithTopics(now())).filter((notice) =>
            notice.topics.some((topic) => cited.has(topic)),
          );
          for (const notice of matching) {
            yield { type: 'piece', text: `\n\n⚠️ ${plainMarkdown(notice.text[language])}` };
          }
        }
        yield event;
      }
    },
    ...(engine.close && { close: () => engine.close?.() ?? Promise.resolve() }),
  };
}
