/** Whether two words are at most `max` edits (insertions, deletions, substitutions) apart. */
export function levenshteinWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return false;
    previous = current;
  }
  return (previous[b.length] ?? max + 1) <= max;
}

/**
 * Whether a document term is a typo of a query stem, as the index's typo allowance reads it (one
 * edit, two from 9 letters), keeping the first letter: people rarely mistype it, and a look-alike
 * that differs there is another word ("right" is not "night").
 */
export function isTypoOf(term: string, stem: string): boolean {
  return term[0] === stem[0] && levenshteinWithin(term, stem, stem.length >= 9 ? 2 : 1);
}
