/** Texts remembered per function: the articles' sentences are a few thousand. */
const MAX_TEXTS = 20_000;

/**
 * A function of a text that reads each text once (the articles' sentences are read for every
 * question), forgetting all when it has read many.
 */
export function oncePerText<T>(read: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text) as T;
    const value = read(text);
    if (known.size > MAX_TEXTS) known.clear();
    known.set(text, value);
    return value;
  };
}
