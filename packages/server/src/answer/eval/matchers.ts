import type { Language, Source } from '@supersteward/contract';
import { escapeRegExp } from '../knowledge/text.js';

/** One line of an eval file (see eval/README.md). */
export interface EvalCase {
  id: string;
  lang: Language;
  question: string;
  expect: string[];
}

/** What a question tests: a policy answer, honesty out of scope, or small talk. */
export type CaseKind = 'answer' | 'out-of-scope' | 'small-talk';

export function caseKind(testCase: EvalCase): CaseKind {
  if (testCase.expect.includes('unknown')) return 'out-of-scope';
  if (testCase.expect.includes('smalltalk')) return 'small-talk';
  return 'answer';
}

export interface EvalReply {
  content: string;
  sources: Source[];
}

export interface UnknownContext {
  supportEmail: string;
  /** The language a reply is written in. */
  languageOf(text: string): Language;
}

/** The number as written in an expectation, not glued to other digits. */
function number(value: string): string {
  return `(?<![\\d.,])${escapeRegExp(value)}`;
}

function unitAfter(value: string, units: string): RegExp {
  return new RegExp(`${number(value)}\\s?(?:${units})`, 'i');
}

const FIGURE = /\d\s?(kg|cm|ml|wh|%|€|eur\b|h\b|sat|hour|min|dan|day)|(€|eur)\s?\d/i;

/**
 * Whether a reply meets one expectation of eval/README.md. The content is compared
 * case-insensitively with runs of white space folded to one space.
 */
export function matches(
  expectation: string,
  reply: EvalReply,
  testCase: EvalCase,
  context: UnknownContext,
): boolean {
  const content = reply.content.replace(/\s+/g, ' ').trim();
  const colon = expectation.indexOf(':');
  const kind = colon < 0 ? expectation : expectation.slice(0, colon);
  const value = colon < 0 ? '' : expectation.slice(colon + 1);
  switch (kind) {
    case 'kg':
      return unitAfter(value, 'kg\\b').test(content);
    case 'cm':
      return unitAfter(value, 'cm\\b').test(content);
    case 'eur': {
      const amount = `${escapeRegExp(value)}(?:[.,]00)?`;
      return new RegExp(
        `(?:eur\\s?|€\\s?)${amount}(?![\\d]|[.,]\\d)|(?<![\\d.,])${amount}\\s?(?:eur\\b|€)`,
        'i',
      ).test(content);
    }
    case 'dims': {
      const parts = value.split('x').map((p) => number(p.trim()));
      return new RegExp(parts.join('\\s*[x×*]\\s*') + '(?!\\d)', 'i').test(content);
    }
    case 'h':
      return unitAfter(value, 'h\\b|hours?\\b|sat\\b|sata\\b|sati\\b|časova\\b|casova\\b').test(
        content,
      );
    case 'pct':
      return unitAfter(value, '%|posto\\b|percent').test(content);
    case 're':
      return new RegExp(value, 'i').test(content);
    case 'unknown':
      return (
        reply.sources.length === 0 &&
        content.toLowerCase().includes(context.supportEmail.toLowerCase()) &&
        context.languageOf(content) === testCase.lang &&
        !FIGURE.test(content)
      );
    case 'smalltalk':
      // What kind of small talk it is (thanks, greeting…) is checked by a `re:` item beside it.
      return (
        reply.sources.length === 0 &&
        content !== '' &&
        context.languageOf(content) === testCase.lang &&
        !FIGURE.test(content)
      );
    default:
      throw new Error(`unknown expectation "${expectation}" in ${testCase.id}`);
  }
}

const NUMBER = /^\d+(?:[.,]\d+)?$/;

/**
 * Why an expectation is not one of eval/README.md's matchers, or null when it is one. A typo
 * such as `kg8` or `eur:abc` would otherwise fail every answer, or match none it should.
 */
export function expectationProblem(expectation: string): string | null {
  const colon = expectation.indexOf(':');
  const kind = colon < 0 ? expectation : expectation.slice(0, colon);
  const value = colon < 0 ? null : expectation.slice(colon + 1);
  switch (kind) {
    case 'kg':
    case 'cm':
    case 'eur':
    case 'h':
    case 'pct':
      return value !== null && NUMBER.test(value) ? null : `"${kind}:" needs a number`;
    case 'dims':
      return value !== null && /^\d+(?:x\d+){2}$/.test(value)
        ? null
        : '"dims:" needs three numbers joined by x';
    case 're':
      if (!value) return '"re:" needs a regular expression';
      try {
        new RegExp(value, 'i');
        return null;
      } catch (error) {
        return `"re:" ${(error as Error).message}`;
      }
    case 'unknown':
    case 'smalltalk':
      return value === null ? null : `"${kind}" takes no value`;
    default:
      return `unknown matcher "${kind}"`;
  }
}

/** Reads an eval file: one JSON object a line, blank lines skipped. */
export function parseEvalFile(text: string, file: string): EvalCase[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, n }) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new Error(`${file}:${n}: not JSON`);
      }
      const c = value as Partial<EvalCase>;
      if (
        typeof c.id !== 'string' ||
        (c.lang !== 'mne' && c.lang !== 'en') ||
        typeof c.question !== 'string' ||
        !Array.isArray(c.expect) ||
        !c.expect.every((e) => typeof e === 'string')
      ) {
        throw new Error(
          `${file}:${n}: expected {"id", "lang": "mne"|"en", "question", "expect": [...]}`,
        );
      }
      if (c.expect.length === 0) throw new Error(`${file}:${n}: "expect" is empty`);
      for (const expectation of c.expect) {
        const problem = expectationProblem(expectation);
        if (problem) throw new Error(`${file}:${n}: ${problem} in "${expectation}"`);
      }
      return c as EvalCase;
    });
}
