import type { AnswerEngine } from '../../answer/engine.js';
import { folderFiles } from '../../answer/knowledge/loader.js';
import { createKnowledgeEngine, type KnowledgeEngine } from '../../answer/retrieval/engine.js';
import { BUNDLED_KNOWLEDGE_DIR } from '../../answer/settings.js';
import { titlesFrom, type ArticleTitles } from '../knowledge-titles.js';

export const TEST_AIRLINE = {
  airlineName: 'Lovćen Air',
  supportEmail: 'podrska@lovcenair.example',
};

/**
 * The real retrieval engine over the bundled sample knowledge base; a question containing
 * `FAIL!` makes it throw (an engine failure), so every outcome can be produced.
 */
export async function sampleEngine(): Promise<{
  engine: AnswerEngine;
  knowledge: KnowledgeEngine;
  titles: ArticleTitles;
}> {
  const knowledge = createKnowledgeEngine({
    files: await folderFiles(BUNDLED_KNOWLEDGE_DIR),
    ...TEST_AIRLINE,
  });
  const engine: AnswerEngine = {
    async *answer(request, signal) {
      if (request.question.includes('FAIL!')) throw new Error('engine failure (test)');
      yield* knowledge.answer(request, signal);
    },
  };
  return { engine, knowledge, titles: titlesFrom(() => knowledge.kb.articles) };
}
