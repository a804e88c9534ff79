import type { Language, Script } from '@supersteward/contract';
import type { EngineConfig } from '../config.js';
import type { HistoryTurn } from '../engine.js';
import type { KnowledgeBase } from '../knowledge/knowledge-index.js';
import { contextsFor } from './follow-up.js';
import { withRankedName } from './ranks.js';
import { withoutOpeningGreeting } from './replies.js';
import { detectScript, toLatin } from './script.js';
import { languagePack } from '../language/pack.js';

interface Rewrite {
  when: RegExp | undefined;
  pattern: RegExp;
  replace: string;
}
const rewrites = new Map<Language, Rewrite[]>();
/** The language pack's rewrites of words its context reads differently ("sam": "I am" or "alone"). */
function rewrite(question: string, language: Language): string {
  let rules = rewrites.get(language);
  if (!rules) {
    rules = (languagePack(language).question_rewrites ?? []).map((r) => ({
      when: r.when === undefined ? undefined : new RegExp(r.when, 'iu'),
      pattern: new RegExp(r.pattern, 'giu'),
      replace: r.replace,
    }));
    rewrites.set(language, rules);
  }
  return rules.reduce(
    (text, { when, pattern, replace }) =>
      when && !when.test(text) ? text : text.replace(pattern, replace),
    question,
  );
}

/** Stage 1 of grounding: the question as the index reads it, with its language and script. */
export interface Normalized {
  /** The question as asked. */
  asked: string;
  /** In Latin script (a Cyrillic question transliterated; the index is written in Latin). */
  question: string;
  script: Script;
  language: Language;
  /** Whether the question itself holds too little evidence for its language. */
  weakLanguage: boolean;
  /** The earlier questions a follow-up may be read with, in Latin script, nearest first. */
  contexts: string[];
}

/**
 * Normalises a question: Cyrillic becomes Latin (and is answered in Cyrillic), the language is the
 * question's own, or the thread's when the question says too little ("A Flex?"), or the visitor's
 * interface language when neither tells.
 */
export function normalize(
  kb: KnowledgeBase,
  asked: string,
  interfaceLanguage: Language,
  history: readonly HistoryTurn[],
  config: EngineConfig['followUp'],
): Normalized {
  const script = detectScript(asked);
  const question = script === 'cyrillic' ? toLatin(asked) : asked;
  const contexts = contextsFor(history, config).map(toLatin);
  const weakLanguage = Math.abs(kb.languageBalance(question)) < 1;
  const threadLanguage =
    weakLanguage && contexts[0]
      ? kb.detectLanguage(contexts[0], interfaceLanguage)
      : interfaceLanguage;
  // Only Montenegrin is written in Cyrillic here.
  const language = script === 'cyrillic' ? 'mne' : kb.detectLanguage(question, threadLanguage);
  return {
    asked,
    question: withRankedName(kb, rewrite(withoutOpeningGreeting(question), language), language),
    script,
    language,
    weakLanguage,
    contexts,
  };
}
