import type { Language } from '@supersteward/contract';

/**
 * Shown when the model stopped after part of its answer was already on the passenger's screen:
 * the half answer stays, this line says it was cut, and the retrieval engine's answer follows, so
 * the stored message reads as one sensible text.
 */
export const INTERRUPTED_MARKER: Record<Language, string> = {
  mne: '\n\n…(odgovor je prekinut) Evo provjerenog odgovora iz naših pravila:\n\n',
  en: '\n\n…(the answer was interrupted) Here is the verified answer from our policies:\n\n',
};

/** Shown when the model hit the output-token bound: the answer is marked, never silently cut. */
export const SHORTENED_MARKER: Record<Language, string> = {
  mne: '…\n\n(Odgovor je skraćen; sve pojedinosti su u izvoru ispod.)',
  en: '…\n\n(The answer was shortened; the full details are in the source below.)',
};
