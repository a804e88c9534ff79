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
          .map(({ sentence }, i, all) =>
            /[;,]$/u.test(sentence)
              ? `${sentence.slice(0, -1)}.`
              : i < all.length - 1 && !/[.!?…:]$/u.test(sentence)
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
