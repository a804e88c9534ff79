import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { AnswerEngine } from '../../engine.js';
import type { KnowledgeIndex } from '../../knowledge/types.js';
import { createRetrievalEngine, type Grounder } from '../../retrieval/engine.js';
import { ARTICLES } from './articles.js';

const SAMPLE_KNOWLEDGE = fileURLToPath(new URL('../../../../../../knowledge', import.meta.url));

/**
 * The real knowledge index and retrieval engine over a temporary knowledge folder: the bundled
 * sample knowledge base plus the test articles (one of them hostile).
 */
export interface World {
  index: KnowledgeIndex;
  grounder: Grounder;
  fallback: AnswerEngine;
  close(): Promise<void>;
}

export async function createWorld(): Promise<World> {
  const dir = await mkdtemp(join(tmpdir(), 'llm-kb-'));
  await cp(SAMPLE_KNOWLEDGE, dir, { recursive: true });
  for (const [path, text] of Object.entries(ARTICLES)) {
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  const retrieval = await createRetrievalEngine({
    knowledgeDir: dir,
    airlineName: 'Lovćen Air',
    supportEmail: 'podrska@lovcenair.example',
    logger: pino({ level: 'silent' }),
    watch: false,
  });
  return {
    index: retrieval.index,
    grounder: retrieval,
    fallback: retrieval,
    async close() {
      await retrieval.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
