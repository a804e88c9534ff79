/**
 * Holds back the tail of the model's output until it is sure the tail is not the start of a
 * verbatim copy of the instructions. A copy is any run of `window` characters that also occurs in
 * the protected text (compared with whitespace and letter case folded). Holding back `window - 1`
 * characters means no complete window of the protected text is ever released.
 */
export interface LeakGuard {
  /** Adds model output; returns the text now safe to show, or `leaked: true` once a copy is seen. */
  push(text: string): { release: string; leaked: boolean };
  /** At the end of the answer: the held-back tail (already checked). */
  flush(): string;
}

export const LEAK_WINDOW = 40;

function fold(ch: string): string {
  if (/\s/u.test(ch)) return ' ';
  const lower = ch.toLowerCase();
  return lower.length === ch.length ? lower : ch;
}

function foldText(text: string): string {
  let out = '';
  for (const ch of text) out += fold(ch);
  return out;
}

export function createLeakGuard(protectedText: string, window: number = LEAK_WINDOW): LeakGuard {
  const folded = foldText(protectedText);
  const windows = new Set<string>();
  for (let i = 0; i + window <= folded.length; i++) windows.add(folded.slice(i, i + window));

  let raw = '';
  let foldedOut = '';
  let released = 0;
  let checkedUpTo = 0;
  let leaked = false;

  return {
    push(text) {
      if (leaked) return { release: '', leaked };
      raw += text;
      foldedOut += foldText(text);
      // Folding is one code unit for one code unit, so indexes in `foldedOut` are indexes in `raw`.
      for (let end = Math.max(checkedUpTo, window); end <= foldedOut.length; end++) {
        if (windows.has(foldedOut.slice(end - window, end))) {
          leaked = true;
          return { release: '', leaked };
        }
      }
      checkedUpTo = foldedOut.length + 1;
      let safeEnd = Math.max(released, raw.length - (window - 1));
      // Never split a surrogate pair between two pieces.
      const last = raw.charCodeAt(safeEnd - 1);
      if (safeEnd > released && last >= 0xd800 && last <= 0xdbff) safeEnd--;
      const release = raw.slice(released, safeEnd);
      released = safeEnd;
      return { release, leaked };
    },
    flush() {
      if (leaked) return '';
      const rest = raw.slice(released);
      released = raw.length;
      return rest;
    },
  };
}
