import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { toCyrillic } from '../ground/script.js';
import { folderFiles } from '../knowledge/loader.js';
import { writeKnowledge } from '../knowledge/test/fixture.js';
import { createRetrievalEngine } from '../retrieval/engine.js';
import { engineScorer } from './engine-scorer.js';
import { parseEvalFile } from './matchers.js';
import { scoreCases } from './score.js';

const SAMPLE = fileURLToPath(
  new URL('../../../../../knowledge-samples/tara-wings/', import.meta.url),
);
const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The airline's folder with its Montenegrin articles' text (not front matter) in Cyrillic. */
async function inCyrillic(dir: string): Promise<string> {
  const files = await folderFiles(dir);
  const written = Object.fromEntries(
    Object.entries(files).map(([file, text]) => {
      if (!file.startsWith('mne/') || !file.endsWith('.md')) return [file, text];
      const end = text.indexOf('\n---', 3) + 4;
      return [file, text.slice(0, end) + toCyrillic(text.slice(end))];
    }),
  );
  const { dir: copy, cleanup } = await writeKnowledge(written);
  cleanups.push(cleanup);
  return copy;
}

async function devShare(knowledgeDir: string): Promise<number> {
  const engine = await createRetrievalEngine({
    knowledgeDir,
    supportEmail: 'care@tarawings.example',
    airlineName: 'Tara Wings',
    logger: pino({ level: 'silent' }),
    watch: false,
  });
  const file = path.join(SAMPLE, 'eval', 'dev.jsonl');
  const results = await scoreCases(
    parseEvalFile(await readFile(file, 'utf8'), file),
    engineScorer(engine, 'care@tarawings.example'),
  );
  await engine.close();
  return results.filter((r) => r.passed).length / results.length;
}

describe('an airline that writes its Montenegrin articles in Cyrillic', () => {
  it('is answered as well as in Latin script, in the script of each question', async () => {
    const latin = await devShare(SAMPLE);
    const cyrillic = await devShare(await inCyrillic(SAMPLE));
    // The same bar CI sets Tara Wings' development set, and as well as in Latin.
    expect(cyrillic).toBeGreaterThanOrEqual(0.9);
    expect(cyrillic).toBeGreaterThanOrEqual(latin);
  }, 60_000);
});
