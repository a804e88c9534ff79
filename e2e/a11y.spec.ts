import { expect, test, type Page } from '@playwright/test';
import {
  ask,
  chatScreen,
  expectNoSeriousA11yViolations,
  finalAnswer,
  openNewChat,
  saveScreenshot,
  TEXT,
  type Lang,
} from './support.js';

const QUESTION: Record<Lang, string> = {
  mne: 'Koliko kg smije imati ručni prtljag?',
  en: 'How heavy can my cabin bag be?',
};

/** What has focus, described well enough to tell where it is. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}#${el.id}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}]`;
  });
}

const SCREENS = [
  { width: 1280, use: { viewport: { width: 1280, height: 800 } } },
  { width: 390, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

for (const screen of SCREENS) {
  test.describe(`${screen.width} px wide`, () => {
    test.use(screen.use);
    for (const lang of ['mne', 'en'] as const) {
      test(`chat screen in ${lang}: no serious axe violations, screenshot`, async ({ page }) => {
        await openNewChat(page, lang);
        await expect(chatScreen(page, lang).card(TEXT[lang].petsCard)).toBeVisible();
        await expectNoSeriousA11yViolations(page, `new chat (${lang}, ${screen.width} px)`);
        await saveScreenshot(page, `new-chat-${screen.width}${lang === 'en' ? '-en' : ''}`);

        const answer = await ask(page, QUESTION[lang], lang);
        await expect(answer).toContainText('8 kg');
        await expectNoSeriousA11yViolations(page, `answered chat (${lang}, ${screen.width} px)`);
        await saveScreenshot(page, `chat-${screen.width}${lang === 'en' ? '-en' : ''}`);
      });
    }
  });
}

test('keyboard: Tab reaches the text box and the send button, which sends', async ({ page }) => {
  const chat = chatScreen(page, 'mne');
  await openNewChat(page, 'mne');
  const path: string[] = [];
  for (
    let i = 0;
    i < 30 && !(await chat.input.evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
    path.push(await focused(page));
  }
  await expect(chat.input, `Tab path: ${path.join(' → ')}`).toBeFocused();
  await page.keyboard.type(QUESTION.mne);
  await page.keyboard.press('Tab');
  await expect(chat.send).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chat.user).toHaveCount(1);
  await expect(await finalAnswer(page, 'mne')).toContainText('8 kg');
});

test('the delete modal: focus stays inside, Escape closes it, axe finds nothing serious', async ({
  page,
}) => {
  const t = TEXT.en;
  const chat = chatScreen(page, 'en');
  await openNewChat(page, 'en');
  await ask(page, QUESTION.en, 'en');

  const trash = chat.threadNav.getByRole('button', { name: t.deleteThread(QUESTION.en) });
  await trash.click();
  const dialog = page.getByRole('dialog', { name: t.titleOne });
  await expect(dialog.getByRole('heading', { name: 'Delete chat?' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: t.cancel })).toBeVisible();
  await expect(dialog.getByRole('button', { name: t.confirm, exact: true })).toBeVisible();

  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  expect(await inside()).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(), `after Tab ${i + 1}: ${await focused(page)}`).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), `after Shift+Tab ${i + 1}: ${await focused(page)}`).toBe(true);
  }

  // Wait for the 300 ms entrance to end, so colours are measured as shown.
  await expect(dialog.getByTestId('delete-modal')).toHaveCSS('opacity', '1');
  await expectNoSeriousA11yViolations(page, 'delete modal (en)');
  await saveScreenshot(page, 'modal-1280-en');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trash).toBeFocused();
  await expect(chat.threadNav.getByRole('link', { name: QUESTION.en })).toBeVisible();
});

test.describe('drawer', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  for (const lang of ['mne', 'en'] as const) {
    test(`the open drawer in ${lang} has no serious axe violations`, async ({ page }) => {
      await openNewChat(page, lang);
      await ask(page, QUESTION[lang], lang);
      await page.getByRole('button', { name: TEXT[lang].openSidebar }).click();
      await expect(page.getByRole('link', { name: QUESTION[lang] })).toBeVisible();
      await expect(page.getByTestId('sidebar-drawer')).toHaveCSS('transform', 'none');
      await expectNoSeriousA11yViolations(page, `drawer (${lang})`);
      await saveScreenshot(page, `drawer-390${lang === 'en' ? '-en' : ''}`);
    });
  }
});

test('the not-found page has no serious axe violations', async ({ page }) => {
  await page.goto('/mne/nema-ove-stranice');
  await expect(page.getByRole('link', { name: 'Nazad na početnu' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '404 page');
});
