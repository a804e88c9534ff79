import { describe, expect, it } from 'vitest';
import type { EvalCase } from './matchers.js';
import { caseKind } from './matchers.js';
import type { CaseResult } from './score.js';
import { formatTable } from './table.js';

function result(expect: string[], passed: boolean, languageRight = true): CaseResult {
  const testCase: EvalCase = { id: 'x', lang: 'mne', question: 'q', expect };
  return {
    testCase,
    kind: caseKind(testCase),
    passed,
    languageRight,
    reply: { content: '', sources: [] },
  };
}

describe('formatTable', () => {
  it('shows answers, out of scope and small talk apart, then all and the reply language', () => {
    const table = formatTable([
      {
        airline: 'tara-wings',
        language: 'mne',
        set: 'dev',
        note: 'required',
        results: [
          result(['kg:8'], true),
          result(['eur:5'], false, false),
          result(['unknown'], true),
          result(['smalltalk', 're:hvala'], false),
        ],
      },
      {
        airline: 'lovcen-air',
        language: 'en',
        set: 'holdout2',
        note: '',
        results: [result(['kg:8'], true)],
      },
    ]);
    const [header, rule, first, second] = table.split('\n');
    expect(header).toMatch(/^airline\s+lang\s+set\s+answers\s+out of scope\s+small talk\s+passed/);
    expect(rule).toMatch(/^─+/);
    expect(first!.split(/\s{2,}/)).toEqual([
      'tara-wings',
      'mne',
      'dev',
      '1/2',
      '1/1',
      '0/1',
      '2/4',
      '50.0 %',
      '75.0 %',
      'required',
    ]);
    expect(second!.split(/\s{2,}/)).toEqual([
      'lovcen-air',
      'en',
      'holdout2',
      '1/1',
      '–',
      '–',
      '1/1',
      '100.0 %',
      '100.0 %',
    ]);
  });
});
