export interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** True while an input method (Chinese, Japanese, …) is composing: Enter confirms it. */
  isComposing?: boolean;
  keyCode?: number;
}

/** Enter alone sends; Enter with Shift, Ctrl, Alt or Meta does not. */
export function isSendKey(event: KeyLike): boolean {
  return (
    event.key === 'Enter' &&
    !event.shiftKey &&
    !event.ctrlKey &&
    !event.altKey &&
    !event.metaKey &&
    !event.isComposing &&
    event.keyCode !== 229
  );
}
