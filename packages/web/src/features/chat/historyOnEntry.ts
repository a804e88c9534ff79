export interface Entry {
  /** The chats route's thread id ('new' for a new chat). */
  threadId: string;
  /** The `history` query parameter, null when absent. */
  historyParam: string | null;
  /** Set by the language switcher: same thread, other language, screen kept. */
  languageSwitch: boolean;
  /** The thread the chat store holds, and whether it holds any message of it. */
  shownThreadId: string;
  shownMessages: number;
}

/**
 * Whether entering a chats route keeps the screen as it is instead of resetting it and loading
 * the history. `history=0` suppresses the load, and the send flow moves a new
 * chat to `/{lang}/chats/{id}?history=0` with the conversation already on screen, and a 404 moves
 * a failed question to `/{lang}/chats/new?history=0` with its retry. The address
 * stays in the browser, though: a reload, a bookmark or Back to it finds an empty screen, so
 * `history=0` only holds while the screen really shows that thread.
 */
export function keepsScreen(entry: Entry): boolean {
  const shown = entry.shownThreadId === entry.threadId;
  // Router state outlives a reload too: the language switch keeps only what is on screen.
  if (entry.languageSwitch) return shown;
  return entry.historyParam === '0' && shown && entry.shownMessages > 0;
}
