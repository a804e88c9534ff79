import type { Language } from '@supersteward/contract';
import { caseKind, matches, type CaseKind, type EvalCase, type EvalReply } from './matchers.js';

export interface CaseResult {
  testCase: EvalCase;
  kind: CaseKind;
  passed: boolean;
  /** The reply is written in the question's language. */
  languageRight: boolean;
  reply: EvalReply;
}

export interface Scorer {
  ask(testCase: EvalCase): Promise<EvalReply>;
  /** The language a reply is written in. */
  languageOf(text: string, fallback: Language): Language;
  supportEmail: string;
}

/** Asks every question and checks the reply against all of its expectations. */
export async function scoreCases(cases: EvalCase[], scorer: Scorer): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const testCase of cases) {
    const reply = await scorer.ask(testCase);
    // Undecided text counts for the other language, so it never passes by default.
    const languageOf = (text: string) =>
      scorer.languageOf(text, testCase.lang === 'mne' ? 'en' : 'mne');
    const passed = testCase.expect.every((e) =>
      matches(e, reply, testCase, { supportEmail: scorer.supportEmail, languageOf }),
    );
    results.push({
      testCase,
      kind: caseKind(testCase),
      passed,
      languageRight: languageOf(reply.content) === testCase.lang,
      reply,
    });
  }
  return results;
}

/** How a failed (or, verbose, a passed) question reads in the report. */
export function describeResult(result: CaseResult): string {
  const { testCase, reply } = result;
  return [
    `${result.passed ? '✓' : '✗'} ${testCase.id} [${testCase.lang}] ${testCase.question}`,
    `    expected: ${testCase.expect.join(', ')}`,
    `    answer:   ${reply.content.replace(/\s+/g, ' ').trim()}`,
    `    sources:  ${reply.sources.map((s) => s.id).join(', ') || '(none)'}`,
  ].join('\n');
}
