import { create } from 'zustand';
import type { StaffSession } from '@supersteward/contract/staff';

export type SessionStatus = 'checking' | 'signedOut' | 'signedIn';

interface SessionState {
  status: SessionStatus;
  session: StaffSession | null;
  /** True when a signed-in session ended by itself (idle expiry, revoked): the login says so. */
  expired: boolean;
  /** True after "Sign out": the login then offers no way back to the screen left. */
  leftOnPurpose: boolean;
  signedIn: (session: StaffSession) => void;
  signedOut: (how?: 'unknown' | 'expired' | 'signOut') => void;
}

/** Who is signed in to the console, and the CSRF token of that session. */
export const useSessionStore = create<SessionState>()((set) => ({
  status: 'checking',
  session: null,
  expired: false,
  leftOnPurpose: false,
  signedIn: (session) => set({ status: 'signedIn', session, expired: false, leftOnPurpose: false }),
  signedOut: (how = 'unknown') =>
    set({
      status: 'signedOut',
      session: null,
      expired: how === 'expired',
      leftOnPurpose: how === 'signOut',
    }),
}));
