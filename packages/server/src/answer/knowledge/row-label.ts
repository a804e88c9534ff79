/** The longest label: a catalogue names its rows at length ("Check-in at the airport desk free of charge"). */
const MAX_LABEL = 100;

/** A sentence's end inside a text: its stop, maybe a closing quote, then more words. */
const SENTENCE_END = /\p{Ll}[.!?]['"’”“»]?\s+\S/u;

/**
 * The label a table row or a list item starts with ("Light: Zone 1: €40; …", "Electric
 * wheelchairs: tell us 72 hours ahead"). Words with a comma before
 * the colon label a table's row ("Bicycle, in a box: Fee: EUR 50"), but in a line with no other
 * colon they lead into its example or list ("Compensation depends on the distance, not the zone:
 * Vienna is…", "Members collect miles for every euro, without taxes: 2 miles on Mini…").
 */
export function rowLabel(line: string): string | undefined {
  const found = /^([^:;!?]+):\s/u.exec(line);
  const label = found?.[1];
  if (!found || label === undefined || label.length > MAX_LABEL) return undefined;
  // A whole sentence before the colon (a quoted claim: "„Refunds take 3 months.“ Fact:") is no
  // row's name.
  if (SENTENCE_END.test(label)) return undefined;
  return label.includes(',') && !line.slice(found[0].length).includes(':') ? undefined : label;
}
