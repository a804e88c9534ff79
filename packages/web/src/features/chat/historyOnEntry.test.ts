import { describe, expect, it } from 'vitest';
import { keepsScreen, type Entry } from './historyOnEntry';

const afterFirstAnswer: Entry = {
  threadId: 't1',
  historyParam: '0',
  languageSwitch: false,
  shownThreadId: 't1',
  shownMessages: 2,
};

describe('entering a chats route', () => {
  it('history=0 right after the first answer keeps the conversation on screen', () => {
    expect(keepsScreen(afterFirstAnswer)).toBe(true);
  });

  it('history=0 on a reload, a bookmark or Back (nothing of the thread on screen) loads it', () => {
    expect(keepsScreen({ ...afterFirstAnswer, shownThreadId: 'new', shownMessages: 0 })).toBe(
      false,
    );
    expect(keepsScreen({ ...afterFirstAnswer, shownThreadId: 't2', shownMessages: 4 })).toBe(false);
    expect(keepsScreen({ ...afterFirstAnswer, shownMessages: 0 })).toBe(false);
  });

  it('history=0 on a new chat keeps a question a 404 moved there (with its retry)', () => {
    const moved = { ...afterFirstAnswer, threadId: 'new', shownThreadId: 'new', shownMessages: 2 };
    expect(keepsScreen(moved)).toBe(true);
    expect(keepsScreen({ ...moved, shownMessages: 0 })).toBe(false);
  });

  it('without history=0 the history loads', () => {
    expect(keepsScreen({ ...afterFirstAnswer, historyParam: null })).toBe(false);
    expect(keepsScreen({ ...afterFirstAnswer, historyParam: '1' })).toBe(false);
  });

  it('a language switch keeps the screen, but a reload after it (state kept) loads', () => {
    const switched = { ...afterFirstAnswer, historyParam: null, languageSwitch: true };
    expect(keepsScreen(switched)).toBe(true);
    expect(
      keepsScreen({ ...switched, threadId: 'new', shownThreadId: 'new', shownMessages: 0 }),
    ).toBe(true);
    expect(keepsScreen({ ...switched, shownThreadId: 'new', shownMessages: 0 })).toBe(false);
  });
});
