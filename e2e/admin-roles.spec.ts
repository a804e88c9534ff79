import { expect, type Page } from '@playwright/test';
import {
  ADMIN_TEXT,
  adminNav,
  chooseAdminLanguage,
  SCREENS,
  signIn,
  staffCall,
  staffTest,
} from './staff.js';
import {
  ask,
  expectNoSeriousA11yViolations,
  openNewChat,
  saveScreenshot,
  type Lang,
} from './support.js';

const test = staffTest;
// Its notices show to every passenger of the server: a server of this file's own.
test.use({ staffServer: 'roles' });
// The first test leaves what the others look at (a thread, notices in each state).
test.describe.configure({ mode: 'serial' });

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const notice = (en: string, mne: string, from: number, to: number) => ({
  text: { mne, en },
  topics: [],
  starts_at: iso(from),
  ends_at: iso(to),
});

/** The console's texts these tests need beyond ADMIN_TEXT, written out. */
const T = {
  mne: {
    notices: 'Obavještenja',
    post: 'Objavi obavještenje',
    deleteTitle: 'Obrisati ovo obavještenje?',
    delete: 'Obriši',
    password: 'Promjena lozinke',
    banner: 'Obavještenja',
  },
  en: {
    notices: 'Notices',
    post: 'Post the notice',
    deleteTitle: 'Delete this notice?',
    delete: 'Delete',
    password: 'Change password',
    banner: 'Notices',
  },
} as const;

test('setup: a passenger asks; notices showing, scheduled and expired', async ({ page, staff }) => {
  await openNewChat(page, 'mne');
  await expect(await ask(page, 'Koliko kg smije imati ručni prtljag?', 'mne')).toContainText(
    '8 kg',
  );
  await signIn(page, staff.editor);
  for (const body of [
    notice(
      'Strike at Podgorica airport today: check your flight before you leave.',
      'Štrajk na aerodromu Podgorica danas: provjerite let prije polaska.',
      -HOUR,
      4 * HOUR,
    ),
    notice(
      'Runway works in Tivat next week.',
      'Radovi na pisti u Tivtu sljedeće sedmice.',
      24 * HOUR,
      48 * HOUR,
    ),
    notice('Snow in Podgorica.', 'Snijeg u Podgorici.', -48 * HOUR, -24 * HOUR),
  ]) {
    const created = await staffCall(page, 'POST', '/api/staff/notices', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }
});

test('a viewer reads the notices, has no control to change them, and a forced change is refused', async ({
  page,
  staff,
}) => {
  const t = ADMIN_TEXT.mne;
  await signIn(page, staff.viewer);
  await adminNav(page).getByRole('link', { name: t.notices }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.mne.notices })).toBeVisible();
  await expect(page.getByTestId('notice-row')).toHaveCount(3);
  await expect(page.getByTestId('notice-form')).toHaveCount(0);
  await expect(page.getByTestId('notices-read-only')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);

  const list = await staffCall(page, 'GET', '/api/staff/notices');
  expect(list.status).toBe(200);
  const [first] = list.body as { id: string; text: { en: string } }[];
  const body = notice('Forced', 'Forsirano', 0, HOUR);
  expect((await staffCall(page, 'POST', '/api/staff/notices', body)).status).toBe(403);
  expect((await staffCall(page, 'PATCH', `/api/staff/notices/${first!.id}`, body)).status).toBe(
    403,
  );
  expect((await staffCall(page, 'DELETE', `/api/staff/notices/${first!.id}`)).status).toBe(403);
  // Nothing changed.
  expect((await staffCall(page, 'GET', '/api/staff/notices')).body).toEqual(list.body);
});

test('an editor cannot open accounts or the audit log, in the console or by a forced call', async ({
  page,
  staff,
}) => {
  const t = ADMIN_TEXT.en;
  await chooseAdminLanguage(page, 'en');
  await signIn(page, staff.editor, 'en');
  await expect(adminNav(page, 'en').getByRole('link', { name: t.accounts })).toHaveCount(0);
  await expect(adminNav(page, 'en').getByRole('link', { name: t.audit })).toHaveCount(0);
  await expect(adminNav(page, 'en').getByRole('link', { name: T.en.notices })).toBeVisible();
  for (const path of ['/admin/accounts', '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: t.noAccess })).toBeVisible();
    await expect(page.getByTestId('user-row')).toHaveCount(0);
    await expect(page.getByTestId('audit-row')).toHaveCount(0);
  }
  expect((await staffCall(page, 'GET', '/api/staff/users')).status).toBe(403);
  expect((await staffCall(page, 'GET', '/api/staff/audit')).status).toBe(403);
  const created = await staffCall(page, 'POST', '/api/staff/users', {
    email: 'sneaky@lovcen.example',
    role: 'admin',
  });
  expect(created.status).toBe(403);
  // The editor's own work is allowed: notices.
  await page.goto('/admin/notices');
  await expect(page.getByRole('button', { name: T.en.post })).toBeVisible();
});

test("a passenger's uuid grants nothing on /admin", async ({ page, staff }) => {
  const uuid = await openNewChat(page, 'en');
  for (const path of ['/admin', '/admin/notices', `/admin/conversations?uuid=${uuid}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login\?next=/);
    await expect(page.getByRole('heading', { name: ADMIN_TEXT.mne.loginTitle })).toBeVisible();
  }
  // The uuid as the passengers' header, as a query parameter, as the staff cookie: all refused.
  await page
    .context()
    .addCookies([{ name: 'ss_staff', value: uuid, url: staff.server.url, secure: true }]);
  const statuses = await page.evaluate(async (id) => {
    const call = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(path, {
          method,
          headers: {
            uuid: id,
            'x-csrf-token': id,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).status;
    return [
      await call('GET', '/api/staff/me'),
      await call('GET', `/api/staff/notices?uuid=${id}`),
      await call('GET', '/api/staff/conversations'),
      await call('POST', '/api/staff/notices', {
        text: { mne: 'x', en: 'x' },
        topics: [],
        starts_at: new Date().toISOString(),
        ends_at: new Date(Date.now() + 60_000).toISOString(),
      }),
    ];
  }, uuid);
  expect(statuses).toEqual([401, 401, 401, 401]);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login/);
  // Still three notices: the forced post did nothing.
  await signIn(page, staff.viewer);
  expect(((await staffCall(page, 'GET', '/api/staff/notices')).body as unknown[]).length).toBe(3);
});

/** Opens a console screen and checks it with axe; a screenshot for the notes. */
async function checkScreen(
  page: Page,
  name: string,
  lang: Lang,
  width: number,
  ready: () => Promise<void>,
) {
  await ready();
  await expectNoSeriousA11yViolations(page, `${name} (${lang}, ${width} px)`);
  await saveScreenshot(page, `admin-${name}-${width}${lang === 'en' ? '-en' : ''}`);
}

for (const screen of SCREENS) {
  test.describe(`${screen.width} px`, () => {
    test.use(screen.use);
    for (const lang of ['mne', 'en'] as const) {
      test(`every console screen in ${lang}, and the passengers' banner: axe finds nothing serious`, async ({
        browser,
        page,
        staff,
      }) => {
        // Nine screens, three states of one, and a passenger's chat, each checked by axe.
        test.setTimeout(240_000);
        const t = ADMIN_TEXT[lang];
        const w = screen.width;
        const heading = (name: string) => page.getByRole('heading', { level: 1, name });
        await chooseAdminLanguage(page, lang);
        await page.goto('/admin/login');
        await checkScreen(page, 'login', lang, w, () =>
          expect(heading(t.loginTitle)).toBeVisible(),
        );
        await signIn(page, staff.admin, lang);
        await checkScreen(page, 'overview', lang, w, () =>
          expect(page.getByTestId('per-day').locator('canvas')).toBeVisible(),
        );
        await page.goto('/admin/gaps');
        await checkScreen(page, 'gaps', lang, w, () => expect(heading(t.gaps)).toBeVisible());
        await page.goto('/admin/conversations');
        await checkScreen(page, 'conversations', lang, w, () =>
          expect(page.getByTestId('conversation-row')).toHaveCount(1),
        );
        await page.getByTestId('conversation-row').getByRole('link').first().click();
        await checkScreen(page, 'conversation', lang, w, () =>
          expect(page.locator('[data-testid="staff-message"]').first()).toBeVisible(),
        );
        await page.goto('/admin/accounts');
        await checkScreen(page, 'accounts', lang, w, () =>
          expect(page.getByTestId('user-row').first()).toBeVisible(),
        );
        await page.goto('/admin/audit');
        await checkScreen(page, 'audit', lang, w, () =>
          expect(page.getByTestId('audit-row').first()).toBeVisible(),
        );
        await page.goto('/admin/password');
        await checkScreen(page, 'password', lang, w, () =>
          expect(heading(T[lang].password)).toBeVisible(),
        );

        await page.goto('/admin/notices');
        await checkScreen(page, 'notices', lang, w, () =>
          expect(page.getByTestId('notice-row')).toHaveCount(3),
        );
        // With the form's errors shown, and with the delete confirmation open.
        const form = page.getByTestId('notice-form');
        await form.getByRole('button', { name: T[lang].post }).click();
        await checkScreen(page, 'notices-errors', lang, w, () =>
          expect(form.locator('[aria-invalid="true"]')).toHaveCount(2),
        );
        await page
          .getByTestId('notice-row')
          .first()
          .getByRole('button', { name: T[lang].delete })
          .click();
        const dialog = page.getByRole('alertdialog', { name: T[lang].deleteTitle });
        await checkScreen(page, 'notices-delete', lang, w, () => expect(dialog).toBeVisible());
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);

        // The passengers' side: the banner over the chat.
        const context = await browser.newContext({ ...screen.use, baseURL: staff.server.url });
        const passenger = await context.newPage();
        await openNewChat(passenger, lang);
        await expect(
          passenger.getByRole('region', { name: T[lang].banner }).getByTestId('notice'),
        ).toHaveCount(1);
        await expectNoSeriousA11yViolations(passenger, `banner (${lang}, ${w} px)`);
        await saveScreenshot(passenger, `banner-${w}${lang === 'en' ? '-en' : ''}`);
        await context.close();
      });
    }
  });
}
