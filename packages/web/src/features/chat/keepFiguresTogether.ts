import type { Element, ElementContent, Root, Text } from 'hast';

const NUM = String.raw`\d+(?:[.,]\d+)*`;
// Units and currencies a passenger reads next to a number, in both interface languages.
const UNIT = String.raw`(?:kg|g|cm|mm|m|km|l|ml|dl|h|min|sati|sata|sat|dana|dan|minuta|days?|hours?|minutes?|nights?|noći|EUR|USD|GBP|CHF|RSD|€|\$|£|%)`;
const CURRENCY = String.raw`(?:EUR|USD|GBP|CHF|RSD|€|\$|£)`;

/**
 * A figure whose parts must stay on one line: "55 × 40 × 23 cm", "8 kg", "50 EUR", "EUR 50",
 * "10 %", or a phone number "+382 20 000 000". The lookarounds keep "5 minuta" from matching
 * as "5 m" and "a2 kg" from matching at all.
 */
const FIGURE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:` +
    String.raw`\+\d{1,3}(?:[ \u00a0]\d{2,4}){2,4}` +
    String.raw`|(?:${CURRENCY}[ \u00a0]?)?${NUM}(?:[ \u00a0]*[×xX][ \u00a0]*${NUM})*(?:[ \u00a0]+${UNIT})?` +
    String.raw`)(?![\p{L}\d])`,
  'gu',
);

/** Longer than this is not a figure but a run of numbers; let it wrap. */
const MAX_GROUP = 32;

export interface Piece {
  text: string;
  /** True for a figure to keep on one line. */
  figure: boolean;
}

/** Splits text into plain runs and figures; only figures holding a space are worth keeping. */
export function splitFigures(text: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const match of text.matchAll(FIGURE)) {
    const figure = match[0];
    if (!/\s/.test(figure) || figure.length > MAX_GROUP) continue;
    const start = match.index;
    if (start > at) pieces.push({ text: text.slice(at, start), figure: false });
    pieces.push({ text: figure, figure: true });
    at = start + figure.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), figure: false });
  return pieces;
}

/** Code keeps its own spacing; an existing nowrap span needs nothing more. */
const SKIP = new Set(['code', 'pre', 'script', 'style']);

function wrapText(node: Text): ElementContent[] {
  const pieces = splitFigures(node.value);
  if (!pieces.some((p) => p.figure)) return [node];
  return pieces.map((p): ElementContent =>
    p.figure
      ? {
          type: 'element',
          tagName: 'span',
          // Only the line breaking changes: the text itself, as read aloud or copied, stays.
          properties: { className: ['whitespace-nowrap'] },
          children: [{ type: 'text', value: p.text }],
        }
      : { type: 'text', value: p.text },
  );
}

function walk(parent: Root | Element): void {
  const children: ElementContent[] = [];
  let changed = false;
  for (const child of parent.children) {
    if (child.type === 'text') {
      const replaced = wrapText(child);
      if (replaced.length !== 1 || replaced[0] !== child) changed = true;
      children.push(...replaced);
      continue;
    }
    if (child.type === 'element' && !SKIP.has(child.tagName)) walk(child);
    children.push(child as ElementContent);
  }
  if (changed) parent.children = children;
}

/**
 * Rehype plugin: figures in an answer ("55 × 40 × 23 cm", "8 kg", "EUR 50") never break across
 * lines on a narrow screen. Runs after sanitizing, so its class survives; any airline's articles
 * benefit without writing non-breaking spaces into them.
 */
export function rehypeKeepFiguresTogether() {
  return (tree: Root) => walk(tree);
}
