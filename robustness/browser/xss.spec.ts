import { expect, test, type Page } from '@playwright/test';
import { passengerRoute } from '@supersteward/contract';
import {
  startFakeOpenAi,
  streamAnswer,
  type FakeOpenAi,
} from '../../packages/server/src/answer/llm/test/fake-openai.js';
import { startServer, type RunningServer } from '../../e2e/server.js';
import { chatScreen, finalAnswer } from '../../e2e/support.js';

const [, ANSWER_PATH] = passengerRoute('answer');

/** Each would set the canary if the page ever ran it. */
const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<svg onload="window.__pwned=1"></svg>',
  '"><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<a href="javascript:window.__pwned=1">open</a>',
  '[click me](javascript:window.__pwned=1)',
  '![x](javascript:window.__pwned=1)',
  '<details open ontoggle="window.__pwned=1">',
  '{{constructor.constructor("window.__pwned=1")()}}',
];
// The thread is named after the question's start: the payload leads.
const QUESTION = `${PAYLOADS[0]} How much can my checked baggage weigh? ${PAYLOADS.slice(1).join(' ')}`;

let llm: FakeOpenAi;
let server: RunningServer;
test.beforeAll(async () => {
  // The model (a local stand-in for a hosted one) answers with the same payloads.
  llm = await startFakeOpenAi();
  llm.script((_request, res) =>
    streamAnswer(res, ['Checked baggage may weigh 23 kg. ', ...PAYLOADS.map((p) => `${p} `)]),
  );
  server = await startServer({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'test-model',
    ALTCHA_COST: '1',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

/** The canary is unset, no dialog opened, and no element a payload would make is in the page. */
async function expectNotPwned(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBe(
    undefined,
  );
  expect(dialogs).toEqual([]);
  await expect(
    page.locator('main img[src="x"], main iframe, main svg[onload], main details[ontoggle]'),
  ).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
}

test('XSS payloads in a question, its thread name and the answer stay text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${server.url}/en/chats/new`);
  const chat = chatScreen(page, 'en');
  await expect(chat.input).toBeVisible();

  // 1. The question (and so the thread's name) carries the payloads.
  const first = page.waitForResponse((r) => r.url().endsWith(ANSWER_PATH));
  await chat.input.fill(QUESTION);
  await chat.input.press('Enter');
  const asked = (await (await first).json()) as { all_messages: Array<{ content: string }> };
  expect(asked.all_messages[0]!.content).toBe(QUESTION);
  await finalAnswer(page, 'en');
  await expect(chat.user.last()).toContainText('<script>window.__pwned=1</script>');
  await expectNotPwned(page, dialogs);

  // 2. The model's answer carries them (a plain question, so the knowledge base matches).
  const second = page.waitForResponse((r) => r.url().endsWith(ANSWER_PATH));
  await chat.input.fill('How much can my checked baggage weigh?');
  await chat.input.press('Enter');
  const body = (await (await second).json()) as { all_messages: Array<{ content: string }> };
  // The payloads really reached the page: stored as the model wrote them.
  expect(body.all_messages.at(-1)!.content).toContain('<script>window.__pwned=1</script>');
  const answer = await finalAnswer(page, 'en');
  await expect(answer).toContainText('23 kg');
  await expectNotPwned(page, dialogs);

  // Loaded again from the server: the history and the thread list (named with the payload).
  await page.reload();
  await expect(chat.assistant.last()).toContainText('23 kg');
  await expect(
    page.getByRole('navigation').getByText('<img src=x', { exact: false }),
  ).toBeVisible();
  await expectNotPwned(page, dialogs);
});
