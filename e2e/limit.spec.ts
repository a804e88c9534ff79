import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './server.js';
import { ask, chatScreen, SUPPORT_EMAIL, TEXT } from './support.js';

// A server of its own: one message a day per visitor.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ DAILY_MESSAGE_LIMIT: '1' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('over the daily limit the reply is the Montenegrin limit message with the support e-mail', async ({
  page,
}) => {
  await page.goto(`${server.url}/mne/chats/new`);
  const chat = chatScreen(page, 'mne');
  await expect(chat.input).toBeVisible();

  const first = await ask(page, 'Koliko kg smije imati ručni prtljag?', 'mne');
  await expect(first).toContainText('8 kg');

  const refused = page.waitForResponse((r) => r.url().endsWith('/assistant/answer'));
  await chat.input.fill('A koliko košta dodatni kofer?');
  await chat.input.press('Enter');
  expect((await refused).status()).toBe(429);

  const reply = chat.assistant.last();
  await expect(reply).toContainText('Poštovani korisniče');
  await expect(reply.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_EMAIL}`,
  );
  await expect(reply).not.toContainText(TEXT.mne.loading);
  await expect(reply).not.toHaveAttribute('aria-busy', 'true');
  // The limit message is not a stored answer: nothing to rate.
  await expect(reply.getByRole('button', { name: TEXT.mne.feedbackUp, exact: true })).toHaveCount(
    0,
  );
  await expect(chat.assistant).toHaveCount(2);
  // Loading has ended: the box takes a new question.
  await chat.input.fill('Još jedno pitanje');
  await expect(chat.send).toBeEnabled();
});

test('under /en the limit reply is in English, its support address a mailto link', async ({
  page,
}) => {
  await page.goto(`${server.url}/en/chats/new`);
  const chat = chatScreen(page, 'en');
  await expect(chat.input).toBeVisible();

  const first = await ask(page, 'How heavy may my cabin bag be?', 'en');
  await expect(first).toContainText('8 kg');

  const refused = page.waitForResponse((r) => r.url().endsWith('/assistant/answer'));
  await chat.input.fill('And an extra suitcase?');
  await chat.input.press('Enter');
  expect((await refused).status()).toBe(429);

  const reply = chat.assistant.last();
  await expect(reply).toContainText(
    `Dear user, you have exceeded the allowed number of daily messages. If you think this is a mistake, contact ${SUPPORT_EMAIL}.`,
  );
  await expect(reply).not.toContainText('Poštovani');
  await expect(reply.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_EMAIL}`,
  );
  await expect(reply.getByRole('button', { name: TEXT.en.feedbackUp, exact: true })).toHaveCount(0);
});
