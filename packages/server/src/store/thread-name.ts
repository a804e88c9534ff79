import { LIMITS } from '@supersteward/contract';

/**
 * A thread's name: its first question on one line, cut to 80 characters on a word boundary
 * (a single word longer than that is cut inside it). An ellipsis marks a cut.
 */
export function threadName(
  question: string,
  maxLength: number = LIMITS.threadNameMaxLength,
): string {
  const text = question.replace(/\s+/gu, ' ').trim();
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  const room = maxLength - 1;
  const head = chars.slice(0, room + 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  const hardCut = chars.slice(0, room).join('');
  const wordCut = lastSpace > 0 ? head.slice(0, lastSpace).replace(/[\s.,;:!?–-]+$/u, '') : '';
  return `${wordCut || hardCut}…`;
}
