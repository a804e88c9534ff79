import type { AnswerTrace, Language, Script, Source } from '@supersteward/contract';
import type { HistoryTurn } from '../engine.js';
import type { KnowledgeBase, QueryAnalysis } from '../knowledge/knowledge-index.js';
import type { ScoredPassage } from '../knowledge/types.js';
import type { SmallTalkKind } from '../language/pack.js';
import { buildTrace } from '../trace.js';
import { gateMessage, readQuestion } from './gate.js';
import { normalize } from './normalize.js';
import { saysGoodbye, smallTalkKind } from './replies.js';
import { selectSentences, type Candidate } from './select.js';

interface Decided {
  language: Language;
  script: Script;
  /** How it was decided, stage by stage (stored with the answer, printed by `npm run explain`). */
  trace: AnswerTrace;
}

/**
 * The one grounding decision both composers consume, so follow-ups, language, gates and sources
 * are the same whichever engine writes the words.
 */
export type Grounding =
  | (Decided & {
      kind: 'small_talk';
      smallTalk: SmallTalkKind;
      /** The message also says goodbye ("thanks, bye!"). */
      farewell: boolean;
    })
  | (Decided & { kind: 'other_airline' })
  | (Decided & { kind: 'out_of_scope'; analysis?: QueryAnalysis })
  | (Decided & {
      kind: 'answer';
      analysis: QueryAnalysis;
      /** The sections the answer stands on, best first (the LLM composer's reference data). */
      passages: ScoredPassage[];
      /** The sentences the extractive composer quotes, in answer order. */
      chosen: Candidate[];
      sources: Source[];
    });

/**
 * Grounds a question in the knowledge base: normalize → expand → retrieve → gate → select. Pure
 * and synchronous; the composers turn the decision into words.
 */
export function ground(
  kb: KnowledgeBase,
  request: { question: string; history: readonly HistoryTurn[]; language: Language },
  airlineName: string,
): Grounding {
  const normalized = normalize(
    kb,
    request.question,
    request.language,
    request.history,
    kb.config.followUp,
  );
  const { language, script } = normalized;
  const notes: string[] = script === 'cyrillic' ? ['Cyrillic: read in Latin script'] : [];
  const gated = gateMessage(kb, normalized, airlineName);
  if (gated) {
    const trace = buildTrace({ decision: gated.kind, language, script, notes });
    return { ...gated, language, script, trace };
  }
  // A message of thanks or a greeting with a word of its own ("thanks so much, that's all I
  // wanted"), or two when it asks nothing, that the articles do not answer by itself is small
  // talk: not a follow-up to read with the question before it, nor a question to turn away.
  const {
    maxTokens,
    otherWords,
    otherWordsUnasked,
    aboutTheSteward: steward,
  } = kb.config.smallTalk;
  // A message asking twice over whom the passenger talks to ("wait, am I talking to an actual
  // human being or some kind of program?") asks only that, in however many words of its own.
  const smallTalk =
    smallTalkKind(normalized.question, {
      maxTokens,
      otherWords: normalized.question.includes('?') ? otherWords : otherWordsUnasked,
    }) ??
    (smallTalkKind(normalized.question, { ...steward, minPhrases: 2 }) === 'bot'
      ? 'bot'
      : undefined);
  // "Are you a real person or a bot?" names a person, as the contact articles do, but asks
  // nothing of them (a message with more words of its own is no small talk).
  const aboutTheSteward = smallTalk === 'bot';
  // Nor does a longer message made only of small talk's phrases and stop words ("hvala puno, to
  // je to što mi je trebalo"), whatever an article's words it happens to share ("puno").
  const onlySmallTalk =
    smallTalk !== undefined &&
    smallTalkKind(normalized.question, { maxTokens, otherWords: 0 }) !== undefined;
  if (
    smallTalk &&
    (aboutTheSteward || onlySmallTalk || !kb.analyze(normalized.question, language).relevant)
  ) {
    notes.push('small talk with a few words of its own');
    const trace = buildTrace({ decision: 'small_talk', language, script, notes });
    const farewell = saysGoodbye(normalized.question);
    return { kind: 'small_talk', smallTalk, farewell, language, script, trace };
  }
  const reading = readQuestion(kb, normalized);
  notes.push(...reading.notes);
  const { analysis, readWith } = reading;
  const selection = analysis.relevant
    ? selectSentences(
        kb,
        analysis,
        reading.text,
        reading.text === normalized.question ? undefined : normalized.question,
      )
    : null;
  if (!selection) {
    const trace = buildTrace({
      decision: 'out_of_scope',
      language,
      script,
      analysis,
      readWith,
      notes,
    });
    return { kind: 'out_of_scope', analysis, language, script, trace };
  }
  const answerLanguage = analysis.language;
  // Old figures the answer passed over, for the staff reading why ("EUR 45, not EUR 40").
  const replaced = kb.indexes[answerLanguage].replacedSections;
  const best = analysis.results[0]?.score ?? 0;
  for (const passage of analysis.results.filter(
    (p) => p.score >= best * kb.config.compose.minPassageShare,
  ))
    for (const [sentence, by] of replaced.get(passage.id)?.sentences ?? [])
      notes.push(`replaced figure in ${passage.id}: "${sentence}" by "${[...by].join('", "')}"`);
  const articles = new Set(selection.chosen.map((c) => c.passage.articleId));
  const top = analysis.results[0]?.score ?? 0;
  const passages = analysis.results
    .filter((p) => p.score >= top * kb.config.compose.minPassageShare)
    .filter((p) => articles.has(p.articleId) || p === analysis.results[0])
    .slice(0, 4);
  const trace = buildTrace({
    decision: 'answer',
    language: answerLanguage,
    script,
    analysis,
    readWith,
    chosen: selection.chosen.map((c) => ({
      passage: c.passage.id,
      sentence: c.sentence,
      score: c.score,
    })),
    notes,
  });
  return {
    kind: 'answer',
    language: answerLanguage,
    script,
    analysis,
    passages,
    chosen: selection.chosen,
    sources: selection.sources,
    trace,
  };
}
