import { mkdir } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import {
  chooseAdminLanguage,
  SCREENS,
  signIn,
  staffTest as test,
  type AdminLang,
} from './staff.js';
import { expectNoSeriousA11yViolations } from './support.js';

/** The texts these tests look for, in both languages of the console (written out). */
const T = {
  mne: {
    knowledge: 'Baza znanja',
    markdownEn: 'Markdown s front matter zaglavljem (English)',
    preview: 'Pregled',
    valid: /Ispravan članak\. Odjeljaka za pretragu: \d+/,
    publish: 'Objava',
    runCheck: 'Pokreni provjeru',
    checkTitle: 'Rezultat provjere',
    tryIt: 'Isprobajte',
    question: 'Pitanje putnika',
    ask: 'Pitaj',
    history: 'Istorija verzija',
    newArticle: 'Novi članak',
    id: 'Oznaka članka (id)',
    idInvalid: 'Oznaka smije imati samo mala slova, brojeve i crtice između njih.',
    create: 'Napravi nacrt članka',
  },
  en: {
    knowledge: 'Knowledge base',
    markdownEn: 'Markdown with front matter (English)',
    preview: 'Preview',
    valid: /Valid article\. Searchable sections: \d+/,
    publish: 'Publish',
    runCheck: 'Run the check',
    checkTitle: 'Check result',
    tryIt: 'Try it',
    question: 'Passenger question',
    ask: 'Ask',
    history: 'Version history',
    newArticle: 'New article',
    id: 'Article id',
    idInvalid: 'Use only lower-case letters and digits, with single dashes between them.',
    create: 'Start the article draft',
  },
} as const;

const SHOTS = '/work/notes/shots/';

/** A screenshot for a person to look at (kept outside the repository). */
async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}

for (const lang of ['mne', 'en'] as const satisfies readonly AdminLang[]) {
  for (const screen of SCREENS) {
    test.describe(`${lang} at ${screen.width} px`, () => {
      test.use(screen.use);

      test('knowledge editor and Try it: axe clean, by keyboard', async ({ page, staff }) => {
        test.setTimeout(300_000);
        const t = T[lang];
        const tag = `${lang}-${screen.width}`;
        await chooseAdminLanguage(page, lang);
        await signIn(page, staff.editor, lang);

        await page.goto('/admin/knowledge');
        await expect(page.getByRole('heading', { level: 1, name: t.knowledge })).toBeVisible();
        await expect(page.getByTestId('kb-article').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page, `knowledge list ${tag}`);
        await shot(page, `kb-list-${tag}`);

        // A new article: the id is checked before anything goes in the draft.
        await page.getByRole('link', { name: t.newArticle }).click();
        await page.getByRole('textbox', { name: t.id }).fill('Bad Id');
        await page.getByRole('button', { name: t.create }).click();
        await expect(page.getByText(t.idInvalid)).toBeVisible();
        await expect(page.getByRole('textbox', { name: t.id })).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        await expectNoSeriousA11yViolations(page, `new article ${tag}`);
        await shot(page, `kb-new-${tag}`);

        // An article, both languages; an edit (by keyboard) goes in the draft.
        await page.goto('/admin/knowledge/cabin-baggage');
        const en = page.getByRole('textbox', { name: t.markdownEn });
        await en.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.type('\nExtra line.\n');
        await expect(page.getByTestId('pane-en').getByTestId('validation')).toHaveText(t.valid);
        await expect(page.getByTestId('draft-bar')).toBeVisible();
        await expectNoSeriousA11yViolations(page, `article ${tag}`);
        await shot(page, `kb-article-${tag}`);
        await page.getByTestId('pane-mne').getByRole('button', { name: t.preview }).click();
        await expect(page.getByTestId('pane-mne').getByTestId('article-preview')).toBeVisible();
        await expectNoSeriousA11yViolations(page, `article preview ${tag}`);
        await shot(page, `kb-preview-${tag}`);

        await page.goto('/admin/knowledge/publish');
        await expect(page.getByRole('heading', { level: 1, name: t.publish })).toBeVisible();
        if (screen.width === 1280) {
          await page.getByRole('button', { name: t.runCheck }).click();
          await expect(page.getByRole('heading', { name: t.checkTitle })).toBeFocused({
            timeout: 120_000,
          });
        }
        await expectNoSeriousA11yViolations(page, `publish ${tag}`);
        await shot(page, `kb-publish-${tag}`);

        await page.goto('/admin/knowledge/history');
        await expect(page.getByTestId('version').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page, `history ${tag}`);

        await page.goto('/admin/try');
        await expect(page.getByRole('heading', { level: 1, name: t.tryIt })).toBeVisible();
        await page
          .getByRole('textbox', { name: t.question })
          .fill('Koliko kila smije ručni prtljag?');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('try-answer-text')).toContainText('8 kg');
        await expect(page.getByRole('heading', { name: /Odgovor|Answer/ })).toBeFocused();
        await expectNoSeriousA11yViolations(page, `try it ${tag}`);
        await shot(page, `try-${tag}`);
      });
    });
  }
}
