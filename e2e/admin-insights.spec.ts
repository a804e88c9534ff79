import { expect } from '@playwright/test';
import { ADMIN_TEXT, chooseAdminLanguage, SCREENS, signIn, staffTest as test } from './staff.js';
import {
  ask,
  expectNoSeriousA11yViolations,
  openNewChat,
  saveScreenshot,
  TEXT,
} from './support.js';

const ANSWERED_MNE = 'Koliko kg smije imati ručni prtljag?';
const ANSWERED_EN = 'How heavy can my cabin bag be?';
const UNANSWERED = 'Ima li wifi u avionu?';

// The tests read what the first one's passenger asked: in order, on one server.
test.describe.configure({ mode: 'serial' });

test('a passenger asks; the overview counts it, by outcome, language, rating and article', async ({
  browser,
  page,
  staff,
}) => {
  const passenger = await (await browser.newContext({ baseURL: staff.server.url })).newPage();
  await openNewChat(passenger, 'mne');
  await expect(await ask(passenger, ANSWERED_MNE, 'mne')).toContainText('8 kg');
  await ask(passenger, UNANSWERED, 'mne');
  await openNewChat(passenger, 'en');
  const answer = await ask(passenger, ANSWERED_EN, 'en');
  await answer.getByRole('button', { name: TEXT.en.feedbackDown, exact: true }).click();
  await expect(
    answer.getByRole('button', { name: TEXT.en.feedbackDown, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await passenger.context().close();

  await signIn(page, staff.viewer);
  await expect(
    page.getByRole('heading', { level: 1, name: ADMIN_TEXT.mne.overview }),
  ).toBeVisible();
  await expect(page.getByTestId('stat-questions')).toContainText('3');
  const outcomes = page.getByTestId('outcome-bars');
  await expect(outcomes.locator('[data-key="answered"]')).toContainText('2 ·');
  await expect(outcomes.locator('[data-key="out_of_scope"]')).toContainText('1 ·');
  await expect(outcomes.locator('[data-key="failed"]')).toContainText('0 ·');
  await expect(page.getByTestId('stat-feedback')).toContainText('1');
  await expect(page.getByTestId('by-language').locator('[data-key="mne"]')).toContainText('2 ·');
  await expect(page.getByTestId('by-language').locator('[data-key="en"]')).toContainText('1 ·');
  await expect(page.getByTestId('top-articles')).toContainText(/Ručni prtljag|Cabin baggage/);
  // The per-day chart is drawn (uPlot, loaded with the screen) beside its table for screen readers.
  await expect(page.getByTestId('per-day').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('per-day').locator('table tbody tr').last()).toContainText('3');
});

test('content gaps: the unanswered question and the thumbs-down answer', async ({
  page,
  staff,
}) => {
  await signIn(page, staff.editor);
  await page.goto('/admin/gaps');
  const group = page.getByTestId('gap-group').filter({ hasText: UNANSWERED });
  await expect(group).toBeVisible();
  await expect(group.getByTestId('gap-count')).toHaveText('Pitanja: 1');
  const down = page.getByTestId('negative-feedback').filter({ hasText: ANSWERED_EN });
  await expect(down).toContainText('8 kg');
  await expect(down.getByTestId('nearest-article')).toContainText(/Cabin baggage|Ručni prtljag/);

  // From the gap to the passenger's thread (named by its first question), at the answer.
  await group.getByRole('link', { name: 'Otvori razgovor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ANSWERED_MNE })).toBeVisible();
  const messageId = new URL(page.url()).searchParams.get('message');
  expect(messageId).toBeTruthy();
  await expect(page.locator(`[id="m-${messageId}"]`).getByTestId('outcome')).toHaveAttribute(
    'data-outcome',
    'out_of_scope',
  );
});

test('conversations: search, read a thread with its sources and retrieval trace', async ({
  page,
  staff,
}) => {
  await chooseAdminLanguage(page, 'en');
  await signIn(page, staff.viewer, 'en');
  await page.goto('/admin/conversations');
  // Two threads: the Montenegrin one with two questions, the English one.
  await expect(page.getByTestId('conversation-row')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search questions and answers' }).fill('prtljag');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=prtljag/);
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await page.getByRole('link', { name: ANSWERED_MNE }).click();

  const answers = page.locator('[data-testid="staff-message"][data-role="assistant"]');
  await expect(answers).toHaveCount(2);
  const answer = answers.first();
  await expect(answer).toContainText('8 kg');
  await expect(answer.getByTestId('outcome')).toHaveAttribute('data-outcome', 'answered');
  await expect(answer.getByTestId('sources')).toContainText('Ručni prtljag');
  await answer.getByText('Retrieval trace').click();
  await expect(answer.getByTestId('trace-decision')).toHaveText('Answer from the knowledge base');
  await expect(answer.getByTestId('trace').locator('tbody tr').first()).toContainText(
    'cabin-baggage#',
  );
  // A visitor is a short id, never the uuid a passenger could be followed by.
  await expect(page.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-/)).toHaveCount(0);
});

for (const screen of SCREENS) {
  test.describe(`${screen.width} px`, () => {
    test.use(screen.use);
    for (const lang of ['mne', 'en'] as const) {
      test(`overview, gaps, a conversation in ${lang}: axe finds nothing serious`, async ({
        page,
        staff,
      }) => {
        const suffix = `${screen.width}${lang === 'en' ? '-en' : ''}`;
        await chooseAdminLanguage(page, lang);
        await signIn(page, staff.admin, lang);
        await expect(page.getByTestId('per-day').locator('canvas')).toBeVisible();
        await expectNoSeriousA11yViolations(page, `overview (${lang}, ${screen.width} px)`);
        await saveScreenshot(page, `admin-overview-${suffix}`);

        await page.goto('/admin/gaps');
        await expect(page.getByTestId('gap-group').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page, `gaps (${lang}, ${screen.width} px)`);
        await saveScreenshot(page, `admin-gaps-${suffix}`);

        await page.goto('/admin/conversations');
        await page.getByTestId('conversation-row').getByRole('link').first().click();
        const answer = page.locator('[data-testid="staff-message"][data-role="assistant"]').first();
        await answer.locator('summary').click();
        await expect(answer.getByTestId('trace')).toBeVisible();
        await expectNoSeriousA11yViolations(page, `conversation (${lang}, ${screen.width} px)`);
        await saveScreenshot(page, `admin-conversation-${suffix}`);
      });
    }
  });
}
