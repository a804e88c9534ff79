import { readFile } from 'node:fs/promises';
import type {
  CheckReport,
  Language,
  RegressionQuestion,
  RegressionResult,
} from '@supersteward/contract';
import { matches, parseEvalFile, type EvalCase } from '../../answer/eval/matchers.js';
import type { KnowledgeEngine } from '../../answer/retrieval/engine.js';
import type { Database } from '../../db/open-database.js';

/**
 * `source:<article id>`: the answer cites that article. The console's own matcher (besides
 * eval/README.md's): what an article's sample question and a pinned answer expect.
 */
const SOURCE = 'source:';

export interface Verdict {
  passed: boolean;
  answer: string;
  failures: string[];
}

/** Answers a question with an engine and checks each expectation. */
export function judge(
  engine: KnowledgeEngine,
  question: Pick<RegressionQuestion, 'question' | 'language' | 'expect' | 'id'>,
  supportEmail: string,
): Verdict {
  const reply = engine.reply(question.question, question.language);
  const content = reply.text;
  const other: Language = question.language === 'mne' ? 'en' : 'mne';
  const testCase: EvalCase = {
    id: question.id,
    lang: question.language,
    question: question.question,
    expect: question.expect,
  };
  const context = {
    supportEmail,
    languageOf: (text: string) => engine.kb.detectLanguage(text, other),
  };
  const failures = question.expect.filter((expectation) => {
    if (expectation.startsWith(SOURCE)) {
      const id = expectation.slice(SOURCE.length);
      return !reply.sources.some((s) => s.id === id);
    }
    try {
      return !matches(expectation, { content, sources: reply.sources }, testCase, context);
    } catch {
      return true;
    }
  });
  return { passed: failures.length === 0, answer: content, failures };
}

/** Figures an answer gives, as eval matchers: what a pinned answer must keep saying. */
export function figuresOf(text: string): string[] {
  const found = new Set<string>();
  const units: [string, RegExp][] = [
    ['kg', /(?<![\d.,])(\d+(?:[.,]\d+)?)\s?kg\b/gi],
    ['cm', /(?<![\d.,])(\d+(?:[.,]\d+)?)\s?cm\b/gi],
    ['eur', /(?:eur\s?|€\s?)(\d+(?:[.,]\d+)?)|(?<![\d.,])(\d+(?:[.,]\d+)?)\s?(?:eur\b|€)/gi],
    ['pct', /(?<![\d.,])(\d+(?:[.,]\d+)?)\s?(?:%|posto\b|percent)/gi],
  ];
  for (const [kind, pattern] of units) {
    for (const match of text.matchAll(pattern)) {
      const value = (match[1] ?? match[2] ?? '').replace(/[.,]00$/, '');
      if (value) found.add(`${kind}:${value}`);
    }
  }
  return [...found];
}

/** The expectation a pinned question keeps: out of scope stays out; an answer keeps its first source and figures. */
export function expectationOf(
  reply: { text: string; sources: { id: string }[] },
  outOfScope: boolean,
): string[] {
  if (outOfScope) return ['unknown'];
  const first = reply.sources[0];
  return [...(first ? [`${SOURCE}${first.id}`] : []), ...figuresOf(reply.text)];
}

/** The airline's eval questions, read once from the KNOWLEDGE_EVAL_FILES. */
export async function readEvalQuestions(files: readonly string[]): Promise<RegressionQuestion[]> {
  const questions: RegressionQuestion[] = [];
  for (const file of files) {
    for (const testCase of parseEvalFile(await readFile(file, 'utf8'), file)) {
      questions.push({
        id: `eval:${testCase.id}`,
        source: 'eval',
        question: testCase.question,
        language: testCase.lang,
        expect: testCase.expect,
        article_id: null,
        note: null,
        pinned_by: null,
        pinned_at: null,
      });
    }
  }
  return questions;
}

/** Every article's sample questions: each must be answered from its own article. */
export function sampleQuestions(engine: KnowledgeEngine): RegressionQuestion[] {
  return engine.kb.articles.flatMap((article) =>
    article.questions.map((question, i) => ({
      id: `sample:${article.language}/${article.id}#${i + 1}`,
      source: 'sample' as const,
      question,
      language: article.language,
      expect: [`${SOURCE}${article.id}`],
      article_id: article.id,
      note: null,
      pinned_by: null,
      pinned_at: null,
    })),
  );
}

export async function pinnedQuestions(database: Database): Promise<RegressionQuestion[]> {
  const rows = await database.db
    .selectFrom('regression_pins')
    .selectAll()
    .orderBy('pinned_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    source: 'pinned' as const,
    question: row.question,
    language: row.language,
    expect: JSON.parse(row.expect) as string[],
    article_id: row.article_id,
    note: row.note,
    pinned_by: row.pinned_by,
    pinned_at: new Date(Number(row.pinned_at)).toISOString(),
  }));
}

/**
 * Runs the questions against the published engine and the edited one. An edit is publishable
 * when nothing that passed before fails after. Sample questions of an article the edit removes
 * go with it.
 */
export function runCheck(input: {
  questions: readonly RegressionQuestion[];
  before: KnowledgeEngine;
  after: KnowledgeEngine;
  supportEmail: string;
  /** Verdicts of the published engine, remembered per version (the same for every check). */
  beforeCache: Map<string, Verdict>;
}): CheckReport {
  const started = performance.now();
  const remaining = new Set(input.after.kb.articles.map((a) => `${a.language}/${a.id}`));
  const questions = input.questions.filter(
    (q) => q.source !== 'sample' || remaining.has(`${q.language}/${q.article_id ?? ''}`),
  );
  const broken: RegressionResult[] = [];
  const fixed: RegressionResult[] = [];
  let passedBefore = 0;
  let passedAfter = 0;
  for (const question of questions) {
    const key = `${question.language}\u0000${question.question}\u0000${question.expect.join('\u0000')}`;
    let before = input.beforeCache.get(key);
    if (!before) {
      before = judge(input.before, question, input.supportEmail);
      input.beforeCache.set(key, before);
    }
    const after = judge(input.after, question, input.supportEmail);
    if (before.passed) passedBefore += 1;
    if (after.passed) passedAfter += 1;
    const result = {
      question,
      answer_before: before.answer,
      answer_after: after.answer,
      failures: after.failures,
    };
    if (before.passed && !after.passed) broken.push(result);
    if (!before.passed && after.passed) fixed.push({ ...result, failures: before.failures });
  }
  return {
    total: questions.length,
    passed_before: passedBefore,
    passed_after: passedAfter,
    broken,
    fixed,
    publishable: broken.length === 0,
    duration_ms: Math.round(performance.now() - started),
  };
}
