import { describe, expect, it } from 'vitest';
import { isSendKey } from './keys';

const key = (overrides: Partial<Parameters<typeof isSendKey>[0]> = {}) => ({
  key: 'Enter',
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...overrides,
});

describe('Enter handling', () => {
  it('Enter alone sends', () => {
    expect(isSendKey(key())).toBe(true);
  });
  it('Enter with Shift, Ctrl, Alt or Meta does not', () => {
    for (const modifier of ['shiftKey', 'ctrlKey', 'altKey', 'metaKey'] as const) {
      expect(isSendKey(key({ [modifier]: true }))).toBe(false);
    }
  });
  it('Enter that confirms an input-method composition does not', () => {
    expect(isSendKey(key({ isComposing: true }))).toBe(false);
    expect(isSendKey(key({ keyCode: 229 }))).toBe(false);
  });
  it('other keys do not', () => {
    expect(isSendKey(key({ key: 'a' }))).toBe(false);
  });
});
