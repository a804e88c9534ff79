import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export type StaffRole = 'admin' | 'editor' | 'viewer';

export interface StaffAccount {
  email: string;
  password: string;
  role: StaffRole;
}

/**
 * Creates a staff account with the real command line (`npm run admin -- create-user`, built), on the
 * server's own database, with a password made for this run and given on standard input.
 */
export async function createStaffAccount(
  server: RunningServer,
  email: string,
  role: StaffRole,
): Promise<StaffAccount> {
  const password = randomBytes(18).toString('base64url');
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('../packages/server/dist/staff/cli/admin-cli.js', import.meta.url)),
      'create-user',
      email,
      '--role',
      role,
      '--password-stdin',
    ],
    { cwd: root, env: { ...process.env, ...server.env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  child.stdin.end(`${password}\n`);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`create-user ${email} failed (${code}):\n${output}`);
  return { email, password, role };
}

/** The console's texts the tests look for, written out (not read from the app's dictionary). */
export const ADMIN_TEXT = {
  mne: {
    loginTitle: 'Prijava u konzolu',
    email: 'E-pošta',
    password: 'Lozinka',
    signIn: 'Prijavi se',
    invalid: 'Pogrešna e-pošta ili lozinka.',
    signOut: 'Odjava',
    menu: 'Konzola',
    overview: 'Pregled',
    gaps: 'Praznine u znanju',
    conversations: 'Razgovori',
    knowledge: 'Baza znanja',
    tryIt: 'Isprobajte',
    notices: 'Obavještenja',
    accounts: 'Nalozi',
    audit: 'Dnevnik aktivnosti',
    noAccess: 'Nemate pristup',
    openMenu: 'Otvori meni',
  },
  en: {
    loginTitle: 'Sign in to the console',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    invalid: 'Wrong email or password.',
    signOut: 'Sign out',
    menu: 'Console',
    overview: 'Overview',
    gaps: 'Content gaps',
    conversations: 'Conversations',
    knowledge: 'Knowledge base',
    tryIt: 'Try it',
    notices: 'Notices',
    accounts: 'Accounts',
    audit: 'Audit log',
    noAccess: 'No access',
    openMenu: 'Open menu',
  },
} as const;

export type AdminLang = keyof typeof ADMIN_TEXT;

/** Chooses the console's language before it loads (kept in local storage by the console). */
export async function chooseAdminLanguage(page: Page, lang: AdminLang): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('admin-language', value), lang);
}

/** Signs in through the login form and waits for the console's menu. */
export async function signIn(
  page: Page,
  account: StaffAccount,
  lang: AdminLang = 'mne',
): Promise<void> {
  const t = ADMIN_TEXT[lang];
  await page.goto('/admin/login');
  await page.getByLabel(t.email).fill(account.email);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t.signIn }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export interface Staff {
  server: RunningServer;
  admin: StaffAccount;
  editor: StaffAccount;
  viewer: StaffAccount;
}

/**
 * Tests on a server of their own (its own database, so counts are exact), with an account of each
 * role made by the command line; pages open on that server.
 */
export const staffTest = base.extend<object, { staff: Staff; staffServer: string }>({
  /**
   * Which server the file's tests share: files that ask questions, post notices or publish
   * articles name their own (`test.use({ staffServer: 'notices' })`), so the exact counts of the
   * others never see their data. Playwright runs files with another value in another worker.
   */
  staffServer: ['shared', { scope: 'worker', option: true }],
  staff: [
    // Depends on staffServer only so that another value gets another worker, hence another server.
    async ({ staffServer: _sharedBy }, use) => {
      const server = await startServer();
      const staff: Staff = {
        server,
        admin: await createStaffAccount(server, 'admin@lovcen.example', 'admin'),
        editor: await createStaffAccount(server, 'editor@lovcen.example', 'editor'),
        viewer: await createStaffAccount(server, 'viewer@lovcen.example', 'viewer'),
      };
      await use(staff);
      await server.stop();
    },
    // A start and three accounts by the command line: over a minute when the machine is busy.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ staff }, use) => use(staff.server.url),
});

/** The console's menu. */
export const adminNav = (page: Page, lang: AdminLang = 'mne') =>
  page.getByRole('navigation', { name: ADMIN_TEXT[lang].menu });

export const SCREENS = [
  { width: 1280, use: { viewport: { width: 1280, height: 800 } } },
  { width: 390, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

export interface StaffCall {
  status: number;
  body: unknown;
}

/**
 * A staff API call made by the page itself, with its session cookie and the session's CSRF token
 * (read from /api/staff/me as the console does): what a member could send without the console's
 * buttons.
 */
export async function staffCall(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<StaffCall> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const me = await fetch('/api/staff/me');
      const token = me.ok ? ((await me.json()) as { csrf_token: string }).csrf_token : '';
      const headers: Record<string, string> = { 'x-csrf-token': token };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}
