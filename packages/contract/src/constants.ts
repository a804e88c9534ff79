/*
 * The contract's plain values: bounds, names, paths and the helpers that build them. No schema
 * library here, so the web app can use them without shipping TypeBox (see browser.ts).
 */
import type { Language } from './common.js';

export const LANGUAGES = ['mne', 'en'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'mne';

/** Bounds shared by the text box and the server's validation. */
export const LIMITS = {
  questionMinLength: 1,
  questionMaxLength: 2000,
  bodyMaxBytes: 16 * 1024,
  threadNameMaxLength: 80,
  feedbackCommentMaxLength: 1000,
  idMaxLength: 64,
} as const;

/** At least one Unicode letter: the rule for sending a question. */
export const HAS_LETTER = /\p{L}/u;
export function hasLetter(text: string): boolean {
  return HAS_LETTER.test(text);
}

/** Prefix of the room a visitor listens on before its new chat has a thread id. */
export const NEW_CHAT_ROOM_PREFIX = 'newchat_';
export function newChatRoom(userId: string): string {
  return `${NEW_CHAT_ROOM_PREFIX}${userId}`;
}
export function wsPath(userId: string, room: string): string {
  return `/ws/${encodeURIComponent(userId)}/room/${encodeURIComponent(room)}`;
}
/** Frames larger than this are refused by the server (close code 1009). */
export const WS_MAX_PAYLOAD = 4 * 1024;
/** Close code sent when a visitor tries to join a room that is not its own. */
export const WS_CLOSE_FORBIDDEN = 4403;

/** The ALTCHA challenge endpoint of the server (captcha provider `altcha`). */
export const ALTCHA_CHALLENGE_PATH = '/api/captcha/challenge';

export const CAPTCHA_HEADER = 'x-captcha-token';
export const UUID_HEADER = 'uuid';
