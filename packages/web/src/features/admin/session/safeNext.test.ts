import { describe, expect, it } from 'vitest';
import { safeNext } from './LoginScreen';

describe('the way back after signing in', () => {
  it('goes back to a console page only', () => {
    expect(safeNext('/admin/conversations?q=x')).toBe('/admin/conversations?q=x');
    expect(safeNext('/admin')).toBe('/admin');
    for (const bad of [
      null,
      '',
      '/mne/chats/new',
      'https://evil.example/admin',
      '//evil.example',
      '/administrator',
    ]) {
      expect(safeNext(bad)).toBe('/admin');
    }
  });
});
