/**
 * Splits an answer into the pieces it streams as: a word with the spaces after it (leading spaces
 * stay with the first piece), so the pieces joined give back exactly the text.
 */
export function splitPieces(text: string): string[] {
  return text.match(/^\s+\S*\s*|\S+\s*/g) ?? (text ? [text] : []);
}
