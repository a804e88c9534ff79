import { fileURLToPath } from 'node:url';
import {
  matching,
  optionalSetting,
  SettingsError,
  setting,
  text,
  wholeNumber,
  type SettingsReader,
} from '../settings/setting.js';

/** The bundled sample knowledge base: `<repo>/knowledge` from both src/ and dist/. */
export const BUNDLED_KNOWLEDGE_DIR = fileURLToPath(
  new URL('../../../../knowledge', import.meta.url),
);

/** Whose steward this is: the airline's name, support address and knowledge base. */
export const AIRLINE_SETTINGS = {
  airlineName: setting({
    name: 'AIRLINE_NAME',
    default: 'Lovćen Air',
    parse: text,
    meaning: 'shown in the title, the 429 message and "I can\'t help" answers',
  }),
  supportEmail: setting({
    name: 'SUPPORT_EMAIL',
    default: 'podrska@lovcenair.example',
    parse: matching(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address, got "%s"'),
    meaning: 'support address shown to passengers',
  }),
  knowledgeDir: setting({
    name: 'KNOWLEDGE_DIR',
    default: BUNDLED_KNOWLEDGE_DIR,
    shownDefault: 'the bundled sample (`knowledge/`)',
    parse: text,
    meaning: "the airline's knowledge base (Markdown)",
  }),
};

export const ANSWER_SETTINGS = {
  answerPieceDelayMs: setting({
    name: 'ANSWER_PIECE_DELAY_MS',
    default: 12,
    parse: wholeNumber(0, 1_000),
    meaning:
      'pause between the pieces of a knowledge-base answer, so passengers see it grow; 0 sends it at once',
  }),
};

const ANSWER_TIMEOUT_FLOOR_MS = 90_000;
/** A model that times out is answered for by retrieval: the answer needs this long beyond it. */
const FALLBACK_TIME_MS = 30_000;

export const ANSWER_TIMEOUT = optionalSetting({
  name: 'ANSWER_TIMEOUT_MS',
  shownDefault: `\`${ANSWER_TIMEOUT_FLOOR_MS}\` (\`LLM_TIMEOUT_MS\` + ${FALLBACK_TIME_MS} when longer)`,
  parse: wholeNumber(1_000, 3_600_000),
  meaning:
    'longest time an answer may take (then stored as interrupted); one left streaming longer is swept',
});

/** Longest time an answer may take: by default long enough for the retrieval fallback of a timed-out model. */
export function readAnswerTimeoutMs(
  read: SettingsReader,
  llmTimeoutMs: number | undefined,
): number {
  const given = read.get(ANSWER_TIMEOUT);
  if (given === undefined) {
    return Math.max(ANSWER_TIMEOUT_FLOOR_MS, (llmTimeoutMs ?? 0) + FALLBACK_TIME_MS);
  }
  if (llmTimeoutMs !== undefined && given <= llmTimeoutMs) {
    throw new SettingsError(
      ANSWER_TIMEOUT.name,
      `must be longer than LLM_TIMEOUT_MS (${llmTimeoutMs}), so a model that times out can still be answered for from the knowledge base`,
    );
  }
  return given;
}
