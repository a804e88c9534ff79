import { beforeEach, describe, expect, it } from 'vitest';
import { adoptUuidFromQuery, readUuid } from './storage';

describe('a uuid in the address at start-up', () => {
  beforeEach(() => localStorage.clear());

  it('is stored as the visitor id and leaves the address, the rest of which stays', () => {
    window.history.replaceState(null, '', '/en/chats/t-1?uuid=u-7&history=0');
    expect(adoptUuidFromQuery(window.location, window.history)).toBe('u-7');
    expect(readUuid()).toBe('u-7');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/en/chats/t-1?history=0');

    window.history.replaceState(null, '', '/mne/chats/new?uuid=u-8');
    adoptUuidFromQuery(window.location, window.history);
    expect(readUuid()).toBe('u-8');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/mne/chats/new');
  });

  it('without one, nothing changes', () => {
    window.history.replaceState(null, '', '/mne/chats/new?x=1');
    expect(adoptUuidFromQuery(window.location, window.history)).toBeNull();
    expect(readUuid()).toBeNull();
    expect(window.location.search).toBe('?x=1');
  });
});
