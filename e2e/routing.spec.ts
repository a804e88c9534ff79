import { expect, test, type Page } from '@playwright/test';
import { chatScreen, openNewChat, storedUuid, TEXT, type Lang } from './support.js';

async function expectLanguage(page: Page, lang: Lang) {
  const chat = chatScreen(page, lang);
  await expect(page).toHaveURL(new RegExp(`/${lang}/chats/new$`));
  await expect(chat.input).toHaveAttribute('placeholder', TEXT[lang].placeholder);
  await expect(chat.send).toBeVisible();
  await expect(page.getByText(TEXT[lang].warning)).toBeVisible();
  await expect(page.getByRole('link', { name: TEXT[lang].newChat })).toBeVisible();
  await expect(chat.card(TEXT[lang].petsCard)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : /^(sr|cnr)/);
  expect(await page.evaluate(() => sessionStorage.getItem('language'))).toBe(lang);
  const group = page.getByRole('group', { name: lang === 'en' ? 'Language' : 'Jezik' });
  await expect(group.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    String(lang === 'en'),
  );
  await expect(group.getByRole('button', { name: 'Crnogorski' })).toHaveAttribute(
    'aria-pressed',
    String(lang === 'mne'),
  );
}

test('language switch Crnogorski ↔ English: texts, html lang, session storage, URL', async ({
  page,
}) => {
  await openNewChat(page, 'mne');
  // The visitor has not chosen yet; the route's language is the one in use.
  await expect(page.locator('html')).toHaveAttribute('lang', /^(sr|cnr)/);

  await page.getByRole('button', { name: 'English' }).click();
  await expectLanguage(page, 'en');
  await expect(page.getByText(TEXT.mne.placeholder)).toHaveCount(0);

  await page.getByRole('button', { name: 'Crnogorski' }).click();
  await expectLanguage(page, 'mne');

  // The choice is the route's: a full load of /en shows English and remembers it.
  await page.goto('/en/chats/new');
  await expectLanguage(page, 'en');
});

test('a stored language other than en or mne falls back to mne', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('language', 'de'));
  await page.goto('/mne/chats/new');
  await expect(chatScreen(page, 'mne').input).toHaveAttribute('placeholder', TEXT.mne.placeholder);
  await expect(page.locator('html')).toHaveAttribute('lang', /^(sr|cnr)/);
});

test('the not-found page', async ({ page }) => {
  // The server says so too (crawlers, monitors), not only the page.
  expect((await page.goto('/en/nonexistent'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: /Page not found/ })).toBeVisible();
  await expect(page).toHaveTitle(/^Not found · /);
  expect((await page.goto('/mne/no-such-page'))?.status()).toBe(404);
  await expect(page).toHaveTitle(/Nije pronađeno/);
  const main = page.getByRole('main');
  await expect(main.getByText('404', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /Stranica nije pronađena/ })).toBeVisible();
  await expect(main).toContainText('Žao nam je');
  const back = page.getByRole('link', { name: 'Nazad na početnu' });
  await expect(back).toHaveAttribute('href', '/mne/chats/new');
  await back.click();
  await expect(page).toHaveURL(/\/mne\/chats\/new$/);
  await expect(chatScreen(page, 'mne').input).toBeVisible();

  // Neither a language that does not exist nor a path outside /{lang} is a chat.
  // The tab says so too, in the page's language.
  for (const path of ['/de/chats/new', '/xx/whatever', '/a/b/c/d', '/mne/chats/new/extra']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(
      page.getByRole('heading', { name: /Stranica nije pronađena/ }),
      path,
    ).toBeVisible();
    await expect(page, path).toHaveTitle(/^Nije pronađeno · /);
  }
});

test('/ and /{lang} lead to a new chat', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/mne\/chats\/new$/);
  await expect(chatScreen(page, 'mne').input).toBeVisible();
  await expect(page).toHaveTitle(/Supersteward.*Lovćen Air/);

  await page.goto('/en');
  await expect(page).toHaveURL(/\/en\/chats\/new$/);
  await expect(chatScreen(page, 'en').input).toBeVisible();
});

test('a URL hash is removed', async ({ page }) => {
  await page.goto('/mne/chats/new#odjeljak');
  await expect(chatScreen(page, 'mne').input).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
  await expect(page).toHaveURL(/\/mne\/chats\/new$/);

  await page.goto('/mne/chats/new?x=1#a');
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
  await expect(page).toHaveURL(/\/mne\/chats\/new\?x=1$/);
});

test('a uuid query parameter becomes the stored visitor id and is used for requests', async ({
  page,
  request,
}) => {
  const created = await request.post('/user/create_uuid');
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  const threadsCall = page.waitForRequest((r) => r.url().endsWith('/assistant/threads'));
  await page.goto(`/mne/chats/new?uuid=${id}`);
  expect(await storedUuid(page)).toBe(id);
  // It leaves the address: a link copied from there does not share the visitor's threads.
  await expect(page).toHaveURL(/\/mne\/chats\/new$/);
  expect((await threadsCall).headers()['uuid']).toBe(id);
  await expect(chatScreen(page, 'mne').threadNav).toContainText(TEXT.mne.empty);

  // Without the parameter, the stored id stays.
  await page.goto('/mne/chats/new');
  expect(await storedUuid(page)).toBe(id);
});

test('a fresh visitor gets an id from the server', async ({ page }) => {
  const created = page.waitForResponse((r) => r.url().endsWith('/user/create_uuid'));
  const id = await openNewChat(page, 'mne');
  expect(((await (await created).json()) as { id: string }).id).toBe(id);
});

test('a stored visitor id the server does not know is replaced by a new one', async ({ page }) => {
  const unknown = '0b6f2c1e-8d4a-4f3b-9c2d-5e7a1b3c4d5e';
  await page.addInitScript((id) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('uuid', id);
    }
  }, unknown);
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/assistant/threads') && r.request().headers()['uuid'] === unknown,
  );
  await page.goto('/mne/chats/new');
  expect((await refused).status()).toBe(404);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('uuid'))).not.toBe(unknown);
  const id = await storedUuid(page);
  const res = await page.request.get('/assistant/threads', { headers: { uuid: id } });
  expect(res.status()).toBe(200);
  await expect(chatScreen(page, 'mne').threadNav).toContainText(TEXT.mne.empty);
});
