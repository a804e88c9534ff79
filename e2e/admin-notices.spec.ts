import { expect, type Browser, type Page } from '@playwright/test';
import { chooseAdminLanguage, signIn, staffCall, staffTest, type Staff } from './staff.js';
import { ask, chatScreen, openNewChat, type Lang } from './support.js';

const test = staffTest;
// Notices show to every passenger of the server and end answers: a server of this file's own.
test.use({ staffServer: 'notices' });

/** Staff HTML a careless (or hostile) editor might type: shown as text, never run. */
const HTML = '<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script>';
const CABIN: Record<Lang, string> = {
  mne: 'Koliko kg smije imati ručni prtljag?',
  en: 'How heavy can my cabin bag be?',
};
/** The banner's texts, written out (see support.ts TEXT). */
const BANNER = {
  mne: { label: 'Obavještenja', dismiss: 'Zatvori obavještenje' },
  en: { label: 'Notices', dismiss: 'Dismiss notice' },
} as const;

const banner = (page: Page, lang: Lang) =>
  page.getByRole('region', { name: BANNER[lang].label }).getByTestId('notice');

/** A moment as the console's `datetime-local` value in the browser's time zone (as Chrome keeps it). */
function localInput(page: Page, at: number): Promise<string> {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    const seconds = d.getSeconds() ? `:${p(d.getSeconds())}` : '';
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}${seconds}`;
  }, at);
}

/** A passenger's page that records any dialog an injected script would open. */
async function passenger(browser: Browser, staff: Staff, lang: Lang) {
  const context = await browser.newContext({ baseURL: staff.server.url });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openNewChat(page, lang);
  return { page, dialogs, close: () => context.close() };
}

/** Nothing of the staff's HTML became an element or ran. */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  await expect(page.locator('img[src="x"], #root script, #root iframe')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('an editor posts a notice: passengers see it in their language and in answers of its topic, until it is deleted', async ({
  browser,
  page,
  staff,
}) => {
  const text = {
    mne: `Štrajk kontrolora leta u Podgorici danas ${HTML}`,
    en: `Air traffic controllers strike in Podgorica today ${HTML}`,
  };
  await chooseAdminLanguage(page, 'en');
  await signIn(page, staff.editor, 'en');
  await page.goto('/admin/notices');
  await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
  const form = page.getByTestId('notice-form');

  // Nothing typed: each text says what it lacks, and the first takes focus.
  await form.getByLabel('Shown until').fill(await localInput(page, Date.now() - 3_600_000));
  await form.getByRole('button', { name: 'Post the notice' }).click();
  const mne = form.getByLabel('Text in Montenegrin');
  const en = form.getByLabel('Text in English');
  await expect(mne).toHaveAttribute('aria-invalid', 'true');
  await expect(mne).toHaveAccessibleDescription(/Write the text\./);
  await expect(en).toHaveAccessibleDescription(/Write the text\./);
  await expect(mne).toBeFocused();
  await expect(form.getByLabel('Shown until')).toHaveAccessibleDescription(
    /The end must come after the start\./,
  );
  await expect(form.getByLabel('Shown from')).not.toHaveAttribute('aria-invalid');

  await mne.fill(text.mne);
  await en.fill(text.en);
  await form.getByLabel('Shown until').fill(await localInput(page, Date.now() + 3_600_000));
  await form.getByRole('checkbox', { name: /cabin-baggage/ }).check();
  await form.getByRole('button', { name: 'Post the notice' }).click();
  await expect(page.getByText('The notice is posted')).toBeVisible();
  const row = page.getByTestId('notice-row').filter({ hasText: 'Air traffic controllers' });
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row).toContainText(text.mne);
  await expect(row).toContainText('Topics: Cabin baggage');
  await expect(page.getByRole('heading', { name: 'Showing now (1)' })).toBeVisible();
  // The form is empty again for the next notice.
  await expect(mne).toHaveValue('');

  const visitors = [];
  for (const lang of ['mne', 'en'] as const) {
    const other = lang === 'mne' ? 'en' : 'mne';
    const visitor = await passenger(browser, staff, lang);
    visitors.push(visitor);
    const shown = banner(visitor.page, lang);
    // Shown as typed, HTML included, in the passenger's language only.
    await expect(shown).toHaveText([text[lang]]);
    await expect(visitor.page.getByText(text[other])).toHaveCount(0);
    await expect(visitor.page.getByTestId('notices')).toHaveAttribute('aria-live', 'polite');
    // An answer from the article the notice names ends with it.
    const answer = await ask(visitor.page, CABIN[lang], lang);
    await expect(answer).toContainText('8 kg');
    await expect(answer).toContainText(text[lang]);
    await expectInert(visitor.page, visitor.dialogs);
  }

  // Deleting asks first; cancelled, nothing changes.
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this notice?' });
  await expect(dialog).toContainText(text.en);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No notices yet.')).toBeVisible();

  // Gone from the passengers' banner at their next navigation, without a reload.
  for (const [index, lang] of (['mne', 'en'] as const).entries()) {
    const visitor = visitors[index]!;
    await visitor.page.getByTestId('new-chat').first().click();
    await expect(visitor.page).toHaveURL(new RegExp(`/${lang}/chats/new$`));
    await expect(banner(visitor.page, lang)).toHaveCount(0);
    await visitor.close();
  }
});

test('a notice ends by itself: the banner leaves at its end without a reload', async ({
  browser,
  page,
  staff,
}) => {
  await chooseAdminLanguage(page, 'mne');
  await signIn(page, staff.editor, 'mne');
  await page.goto('/admin/notices');
  const form = page.getByTestId('notice-form');
  await form.getByLabel('Tekst na crnogorskom').fill('Magla u Tivtu: mogući su zastoji.');
  await form.getByLabel('Tekst na engleskom').fill('Fog in Tivat: delays are possible.');
  // Short, to the second: the test waits for the end, not longer.
  const endsAt = Math.ceil((Date.now() + 20_000) / 1000) * 1000 + 1;
  await form.getByLabel('Prikazuje se do').fill(await localInput(page, endsAt));
  await form.getByRole('button', { name: 'Objavi obavještenje' }).click();
  await expect(page.getByTestId('notice-row')).toHaveAttribute('data-state', 'active');
  // A second one, running on, that the passenger dismisses.
  await staffCall(page, 'POST', '/api/staff/notices', {
    text: { mne: 'Novi terminal u Podgorici.', en: 'New terminal in Podgorica.' },
    topics: [],
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: new Date(Date.now() + 3_600_000).toISOString(),
  }).then((call) => expect(call.status).toBe(200));

  const visitor = await passenger(browser, staff, 'en');
  const shown = banner(visitor.page, 'en');
  await expect(shown).toHaveCount(2);
  await expect(shown.filter({ hasText: 'Fog in Tivat' })).toBeVisible();
  await shown
    .filter({ hasText: 'New terminal' })
    .getByRole('button', { name: BANNER.en.dismiss })
    .click();
  await expect(shown).toHaveCount(1);
  // Focus stays in the banner, on the next notice's button.
  await expect(shown.getByRole('button', { name: BANNER.en.dismiss })).toBeFocused();

  await expect(shown).toHaveCount(0, { timeout: endsAt - Date.now() + 10_000 });
  // Not before its end (the page and the server share this machine's clock).
  expect(Date.now()).toBeGreaterThanOrEqual(endsAt - 1000);
  await expect(visitor.page.getByTestId('notices')).toBeEmpty();
  // Dismissed for this session only: a reload keeps it hidden, another passenger sees it.
  await visitor.page.reload();
  await expect(chatScreen(visitor.page, 'en').input).toBeVisible();
  const other = await passenger(browser, staff, 'en');
  await expect(banner(other.page, 'en')).toHaveText(['New terminal in Podgorica.']);
  await expect(banner(visitor.page, 'en')).toHaveCount(0);
  await other.close();
  await visitor.close();

  await page.reload();
  await expect(page.getByTestId('notice-row').filter({ hasText: 'Magla u Tivtu' })).toHaveAttribute(
    'data-state',
    'expired',
  );
  await expect(page.getByRole('heading', { name: 'Istekla (1)' })).toBeVisible();
});

test("an article's HTML reaches passengers as text: nothing of it runs", async ({
  browser,
  page,
  staff,
}) => {
  await signIn(page, staff.admin);
  const article = await staffCall(page, 'GET', '/api/staff/kb/articles/contact');
  expect(article.status).toBe(200);
  const markdown = (article.body as { en: { markdown: string } }).en.markdown;
  const edited = markdown
    .replace(/^title: .*$/m, `title: 'Contact and customer support <img src=x onerror=alert(3)>'`)
    .replace(
      'You can write to customer support at podrska@lovcenair.example.',
      `You can write to customer support at podrska@lovcenair.example ${HTML} <iframe src="javascript:alert(4)"></iframe>.`,
    );
  expect(edited).not.toBe(markdown);
  const published = await staffCall(page, 'POST', '/api/staff/kb/publish', {
    changes: [{ id: 'contact', language: 'en', markdown: edited }],
    summary: 'Staff HTML in an article (inert for passengers)',
  });
  expect(published.status, JSON.stringify(published.body)).toBe(200);

  const visitor = await passenger(browser, staff, 'en');
  const answer = await ask(visitor.page, 'What e-mail address can I write to?', 'en');
  await expect(answer).toContainText('podrska@lovcenair.example');
  // The title comes as typed, tags and all, as text; the body's tags the loader already dropped.
  await expect(answer.getByTestId('sources')).toContainText(
    'Contact and customer support <img src=x onerror=alert(3)>',
  );
  await expectInert(visitor.page, visitor.dialogs);
  await visitor.close();
});
