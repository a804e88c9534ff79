import type { Message } from '@supersteward/contract';

/** Spec section 8: the id the 429 reply carries, so it never gets feedback buttons. */
export const RATE_LIMIT_MESSAGE_ID = 'msg_id';

/**
 * The assistant reply shown for HTTP 429. The spec fixes it in Montenegrin, whatever the
 * interface language, with the airline's support e-mail.
 */
export function rateLimitMessage(supportEmail: string, now: Date = new Date()): Message {
  return {
    role: 'assistant',
    content: `Poštovani korisniče, prekoračili ste dozvoljeni broj dnevnih poruka. Ako mislite da je u pitanju greška, kontaktirajte ${supportEmail}.`,
    createdAt: Math.floor(now.getTime() / 1000),
    message_id: RATE_LIMIT_MESSAGE_ID,
    sentiment: null,
  };
}
