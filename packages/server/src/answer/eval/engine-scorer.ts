import type { Source } from '@supersteward/contract';
import type { RetrievalEngine } from '../retrieval/engine.js';
import type { Scorer } from './score.js';

/** Asks an engine each question of a set on a thread of its own, as a passenger would. */
export function engineScorer(engine: RetrievalEngine, supportEmail: string): Scorer {
  return {
    supportEmail,
    languageOf: (text, fallback) => engine.index.detectLanguage(text, fallback),
    async ask(testCase) {
      let content = '';
      let sources: Source[] = [];
      for await (const event of engine.answer(
        { question: testCase.question, history: [], language: testCase.lang },
        new AbortController().signal,
      )) {
        if (event.type === 'piece') content += event.text;
        else sources = event.sources;
      }
      return { content, sources };
    },
  };
}
