import { create } from 'zustand';
import type { Language } from '@supersteward/contract';
import type { ArticleChange } from '@supersteward/contract/staff';

export const draftKey = (id: string, language: Language) => `${language}/${id}`;

interface DraftState {
  /** The edits not yet published, by `language/id`; `markdown: null` removes that version. */
  changes: Record<string, ArticleChange>;
  put: (change: ArticleChange) => void;
  drop: (id: string, language: Language) => void;
  clear: () => void;
}

/*
 * Not named *Store.ts: vite.config.ts puts such files in the passengers' first-load `state` chunk.
 * Kept by hand rather than with zustand's persist middleware, which would join the first-load
 * `framework` chunk with zustand.
 */
const SAVED = 'admin-kb-draft';

function isChange(value: unknown): value is ArticleChange {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    (v.language === 'mne' || v.language === 'en') &&
    (typeof v.markdown === 'string' || v.markdown === null)
  );
}

/** The draft saved in this tab, whatever is not a well-formed change left out. */
function readSaved(): Record<string, ArticleChange> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SAVED) ?? '{}');
    const changes: Record<string, ArticleChange> = {};
    for (const value of Object.values(parsed as Record<string, unknown>)) {
      if (isChange(value)) changes[draftKey(value.id, value.language)] = value;
    }
    return changes;
  } catch {
    return {};
  }
}

/**
 * The draft: changes over the published knowledge base, kept in this browser tab (the server keeps
 * only what is published) until they are checked and published. Try it answers from it too.
 */
export const useDraftStore = create<DraftState>()((set) => ({
  changes: readSaved(),
  put: (change) =>
    set((s) => ({ changes: { ...s.changes, [draftKey(change.id, change.language)]: change } })),
  drop: (id, language) =>
    set((s) => {
      const next = { ...s.changes };
      delete next[draftKey(id, language)];
      return { changes: next };
    }),
  clear: () => set({ changes: {} }),
}));

useDraftStore.subscribe((state) => {
  try {
    sessionStorage.setItem(SAVED, JSON.stringify(state.changes));
  } catch {
    // Storage full or refused: the draft still lives in this page.
  }
});
/** The draft as the API takes it (`changes`), or undefined when it is empty. */
export function draftChanges(changes: Record<string, ArticleChange>): ArticleChange[] | undefined {
  const list = Object.values(changes).sort((a, b) =>
    draftKey(a.id, a.language).localeCompare(draftKey(b.id, b.language)),
  );
  return list.length ? list : undefined;
}
