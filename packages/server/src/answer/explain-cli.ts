/**
 * Prints how the engine answers a question, stage by stage: the normalised question, its words
 * and their expansions, the candidate sections with scores, the gate decision, the sentences
 * chosen and the reply. The same trace is stored with every answer.
 *
 *   npm run explain -- "Koliko košta prtljag?" [--lang mne|en] [--after "earlier question"]…
 *       [--knowledge dir] [--json]
 *
 * KNOWLEDGE_DIR, AIRLINE_NAME and SUPPORT_EMAIL are read as the server reads them.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import type { Language } from '@supersteward/contract';
import { loadSettings } from '../settings/settings.js';
import { createRetrievalEngine } from './retrieval/engine.js';
import { formatExplanation } from './explain.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    lang: { type: 'string', default: 'mne' },
    after: { type: 'string', multiple: true },
    knowledge: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const question = positionals.join(' ').trim();
if (!question || (values.lang !== 'mne' && values.lang !== 'en')) {
  console.error(
    'usage: npm run explain -- "question" [--lang mne|en] [--after "earlier question"]…',
  );
  process.exit(2);
}
const settings = loadSettings(process.env);
const engine = await createRetrievalEngine({
  knowledgeDir: values.knowledge ? path.resolve(values.knowledge) : settings.knowledgeDir,
  supportEmail: settings.supportEmail,
  airlineName: settings.airlineName,
  logger: pino({ level: 'warn' }),
  watch: false,
});
const history = (values.after ?? []).flatMap((content) => [
  { role: 'user' as const, content },
  { role: 'assistant' as const, content: '…' },
]);
const language: Language = values.lang;
const request = { question, history, language };
const grounding = engine.ground(request);
const reply = engine.compose(grounding);
console.info(
  values.json
    ? JSON.stringify({ trace: reply.trace, reply: reply.text, sources: reply.sources }, null, 2)
    : formatExplanation(question, grounding, reply),
);
await engine.close();
