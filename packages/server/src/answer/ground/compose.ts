import type { Source } from '@supersteward/contract';
import type { Grounding } from './ground.js';
import {
  otherAirlineReply,
  outOfScopeReply,
  smallTalkReply,
  type ReplyContext,
} from './replies.js';
import { toCyrillic, toLatin } from './script.js';

/** A whole reply: what an engine streams, with its sources. */
export interface Composed {
  text: string;
  sources: Source[];
}

/**
 * Stage 6, the extractive composer: the chosen sentences as they are written in the article, or
 * the language pack's reply for small talk, another airline and questions out of scope. A
 * question asked in Cyrillic is answered in Cyrillic, figures untouched, and one asked in Latin
 * script in Latin, though the articles be written in Cyrillic.
 */
export function composeExtractive(grounding: Grounding, context: ReplyContext): Composed {
  const { language } = grounding;
  let composed: Composed;
  switch (grounding.kind) {
    case 'small_talk':
      composed = {
        text: smallTalkReply(language, context, grounding.smallTalk, grounding.farewell),
        sources: [],
      };
      break;
    case 'other_airline':
      composed = { text: otherAirlineReply(language, context), sources: [] };
      break;
    case 'out_of_scope':
      composed = { text: outOfScopeReply(language, context), sources: [] };
      break;
    case 'answer':
      composed = {
        // A table row or a list item has no full stop of its own: one ends it before the next,
        // and takes the place of the semicolon or comma a list item ends with.
        text: grounding.chosen
          .map(({ sentence }, _, all) => withNoteMarksQuoted(sentence, all))
          .map((sentence, i, all) =>
            LIST_ITEM_END.test(sentence)
              ? sentence.replace(LIST_ITEM_END, '.$1')
              : i < all.length - 1 && !SENTENCE_END.test(sentence)
                ? `${sentence}.`
                : sentence,
          )
          .join(' '),
        sources: grounding.sources,
      };
      break;
  }
  // Montenegrin answers in the question's script, whichever script the articles are written in.
  if (language === 'mne') {
    const inScript = grounding.script === 'cyrillic' ? toCyrillic : toLatin;
    composed = {
      text: inScript(composed.text),
      sources: composed.sources.map((s) => ({ ...s, title: inScript(s.title) })),
    };
  }
  return composed;
}

/** A footnote's mark, as the loader writes it ("¹²", "†"). */
const MARKS = '[¹²³⁴⁵⁶⁷⁸⁹⁰†]+';
/** A unit's power ("m²", "cm³") is no footnote's mark. */
const MARK_IN_TEXT = new RegExp(`(?<!\\b[cdk]?m)${MARKS}`, 'gu');
const NOTE_OPENING = new RegExp(`^(${MARKS})\\s*`, 'u');
/** A list item's end, with its mark: "routes;⁴" ends "routes.⁴". */
const LIST_ITEM_END = new RegExp(`[;,]((?:${MARKS})?)$`, 'u');
const SENTENCE_END = new RegExp(`[.!?…:](?:${MARKS})?$`, 'u');

/**
 * A sentence with the footnote marks that tie it to a note quoted beside it ("EUR 50¹" and
 * "¹ Only on our jets"), and without the others ("from EUR 40 per flight.²", "¹ The service
 * is…"): their note or their rule is not in the reply.
 */
function withNoteMarksQuoted(sentence: string, chosen: readonly { sentence: string }[]): string {
  const notes = new Set(chosen.map((c) => NOTE_OPENING.exec(c.sentence)?.[1]).filter(Boolean));
  const marked = new Set(
    chosen.flatMap((c) => c.sentence.replace(NOTE_OPENING, '').match(MARK_IN_TEXT) ?? []),
  );
  const opening = NOTE_OPENING.exec(sentence)?.[1];
  const body = sentence
    .replace(NOTE_OPENING, '')
    .replace(MARK_IN_TEXT, (mark) => (notes.has(mark) ? mark : ''))
    .trim();
  return opening && marked.has(opening) ? `${opening} ${body}` : body;
}
