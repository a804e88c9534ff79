import type { Message } from '@supersteward/contract';

/** The id the 429 reply carries, so it never gets feedback buttons. */
export const RATE_LIMIT_MESSAGE_ID = 'msg_id';

/** The support address as a Markdown mailto link (assistant messages are rendered as Markdown). */
export function mailtoLink(email: string): string {
  return `[${email}](mailto:${email})`;
}

/**
 * The assistant reply shown for HTTP 429: the interface language's `chat.rateLimit` text (the
 * Montenegrin one is the spec's), naming the deployment's support address.
 */
export function rateLimitMessage(text: string, now: Date = new Date()): Message {
  return {
    role: 'assistant',
    content: text,
    createdAt: Math.floor(now.getTime() / 1000),
    message_id: RATE_LIMIT_MESSAGE_ID,
    sentiment: null,
  };
}
