import type { StaffRole } from '@supersteward/contract/staff';

export type NavKey =
  'overview' | 'gaps' | 'conversations' | 'knowledge' | 'tryIt' | 'notices' | 'accounts' | 'audit';

export interface NavItem {
  key: NavKey;
  /** Relative to /admin; '' is the overview. */
  path: string;
  /** The least role that sees the screen. */
  role: StaffRole;
}

/** The console's screens, in the order of the menu. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'overview', path: '', role: 'viewer' },
  { key: 'gaps', path: 'gaps', role: 'viewer' },
  { key: 'conversations', path: 'conversations', role: 'viewer' },
  { key: 'knowledge', path: 'knowledge', role: 'viewer' },
  { key: 'tryIt', path: 'try', role: 'viewer' },
  { key: 'notices', path: 'notices', role: 'viewer' },
  { key: 'accounts', path: 'accounts', role: 'admin' },
  { key: 'audit', path: 'audit', role: 'admin' },
];
