/**
 * What a suite saw, printed when it ends so the figures (cases tried, 5xx seen, state changes
 * seen) can be quoted from the test output.
 */
export interface Tally {
  cases: number;
  fiveHundreds: number;
  stateChanges: number;
  record(status: number, changed: boolean): void;
  print(): void;
}

export function createTally(suite: string): Tally {
  const tally: Tally = {
    cases: 0,
    fiveHundreds: 0,
    stateChanges: 0,
    record(status, changed) {
      tally.cases += 1;
      if (status >= 500) tally.fiveHundreds += 1;
      if (changed) tally.stateChanges += 1;
    },
    print() {
      console.info(
        `[robustness] ${suite}: ${tally.cases} cases, ${tally.fiveHundreds} answered 5xx, ${tally.stateChanges} changed the database`,
      );
    },
  };
  return tally;
}
