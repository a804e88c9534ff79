import { expect } from '@playwright/test';
import { ADMIN_TEXT, adminNav, SCREENS, staffTest, chooseAdminLanguage, signIn } from './staff.js';
import { expectNoSeriousA11yViolations, openNewChat, saveScreenshot } from './support.js';

const test = staffTest;
const nav = adminNav;

test("a passenger's pages never download the console", async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await openNewChat(page, 'mne');
  // The chat preloads its lazy parts when idle (within 4 s): wait past that.
  await page.waitForTimeout(5000);
  expect(requests.filter((path) => /AdminApp|BarChart|\/api\/staff/.test(path))).toEqual([]);
  expect(requests.some((path) => path.startsWith('/assets/'))).toBe(true);
});

test('sign in: a wrong password is refused, the right one opens the console, sign out ends it', async ({
  page,
  staff,
}) => {
  const t = ADMIN_TEXT.mne;
  await page.goto('/admin/conversations');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fconversations$/);
  await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();

  await page.getByLabel(t.email).fill(staff.admin.email);
  await page.getByLabel(t.password, { exact: true }).fill(`${staff.admin.password}x`);
  await page.getByRole('button', { name: t.signIn }).click();
  await expect(page.getByRole('alert')).toHaveText(t.invalid);

  await page.getByLabel(t.password, { exact: true }).fill(staff.admin.password);
  await page.getByRole('button', { name: t.signIn }).click();
  // Back where the login was asked for.
  await expect(page).toHaveURL(/\/admin\/conversations$/);
  await expect(nav(page).getByRole('link', { name: t.conversations })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The session is the server's (an HttpOnly cookie): it survives a reload.
  await page.reload();
  await expect(nav(page)).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).not.toContain('ss_staff');

  await page.getByRole('button', { name: t.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/accounts');
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
});

test('roles: only an admin sees and opens accounts and the audit log', async ({
  browser,
  staff,
}) => {
  const t = ADMIN_TEXT.mne;
  for (const account of [staff.viewer, staff.editor, staff.admin]) {
    const context = await browser.newContext({ baseURL: staff.server.url });
    const page = await context.newPage();
    await signIn(page, account);
    const isAdmin = account.role === 'admin';
    await expect(nav(page).getByRole('link', { name: t.overview })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: t.accounts })).toHaveCount(isAdmin ? 1 : 0);
    await expect(nav(page).getByRole('link', { name: t.audit })).toHaveCount(isAdmin ? 1 : 0);
    await page.goto('/admin/accounts');
    if (isAdmin) {
      await expect(page.getByRole('heading', { level: 1, name: t.accounts })).toBeVisible();
      await expect(page.getByTestId('user-row')).toHaveCount(3);
    } else {
      await expect(page.getByRole('heading', { level: 1, name: t.noAccess })).toBeVisible();
      // The server refuses too: the client only mirrors it.
      const status = await page.evaluate(async () => (await fetch('/api/staff/users')).status);
      expect(status).toBe(403);
    }
    await context.close();
  }
});

test('an admin creates an account; its one-time password must be replaced at first sign-in', async ({
  browser,
  page,
  staff,
}) => {
  await chooseAdminLanguage(page, 'en');
  await signIn(page, staff.admin, 'en');
  await page.goto('/admin/accounts');
  const form = page.getByTestId('create-user');
  await form.getByLabel('Email').fill('new.editor@lovcen.example');
  await form.getByLabel('Role').selectOption('editor');
  await form.getByRole('button', { name: 'Create the account' }).click();
  const otp = (await page.getByTestId('otp-value').textContent())?.trim() ?? '';
  expect(otp.length).toBeGreaterThanOrEqual(12);
  await expect(page.locator('[data-email="new.editor@lovcen.example"]')).toBeVisible();

  const context = await browser.newContext({ baseURL: staff.server.url });
  const other = await context.newPage();
  await chooseAdminLanguage(other, 'en');
  await other.goto('/admin/login');
  await other.getByLabel('Email').fill('new.editor@lovcen.example');
  await other.getByLabel('Password', { exact: true }).fill(otp);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/admin\/password$/);
  await expect(
    other.getByText('Set your own password in place of the one-time password.'),
  ).toBeVisible();
  // Any other screen leads back here until the password is replaced.
  await other.goto('/admin/conversations');
  await expect(other).toHaveURL(/\/admin\/password$/);
  const newPassword = `own-${otp}-password`;
  await other.getByLabel('Current password').fill(otp);
  await other.getByLabel('New password', { exact: true }).fill(newPassword);
  await other.getByLabel('Repeat the new password').fill(newPassword);
  await other.getByRole('button', { name: 'Save password' }).click();
  await expect(other).toHaveURL(/\/admin$/);
  await expect(other.getByTestId('admin-role').first()).toHaveText('Editor');
  await context.close();

  // Each of these actions is in the audit log, for admins.
  await page.goto('/admin/audit');
  await expect(page.locator('[data-action="user.create"]').first()).toBeVisible();
});

for (const screen of SCREENS) {
  test.describe(`${screen.width} px`, () => {
    test.use(screen.use);
    for (const lang of ['mne', 'en'] as const) {
      test(`login, accounts, audit log in ${lang}: axe finds nothing serious`, async ({
        page,
        staff,
      }) => {
        const t = ADMIN_TEXT[lang];
        const suffix = `${screen.width}${lang === 'en' ? '-en' : ''}`;
        await chooseAdminLanguage(page, lang);
        await page.goto('/admin/login');
        await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `login (${lang}, ${screen.width} px)`);
        await saveScreenshot(page, `admin-login-${suffix}`);

        await signIn(page, staff.admin, lang);
        for (const [path, heading, name, row] of [
          ['/admin/accounts', t.accounts, 'accounts', 'user-row'],
          ['/admin/audit', t.audit, 'audit', 'audit-row'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page.getByTestId(row).first()).toBeVisible();
          await expectNoSeriousA11yViolations(page, `${name} (${lang}, ${screen.width} px)`);
          await saveScreenshot(page, `admin-${name}-${suffix}`);
        }
        if (screen.width === 390) {
          await page.getByRole('button', { name: t.openMenu }).click();
          await expect(page.getByTestId('admin-drawer')).toHaveCSS('transform', 'none');
          await expectNoSeriousA11yViolations(page, `menu drawer (${lang})`);
          await saveScreenshot(page, `admin-drawer-${suffix}`);
        }
      });
    }
  });
}
