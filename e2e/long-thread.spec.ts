import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './server.js';
import { chatScreen } from './support.js';

// A server of its own: a thread of 40 messages written through the API, without captcha.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({
    CAPTCHA_PROVIDER: 'none',
    ANSWER_PIECE_DELAY_MS: '0',
    DAILY_MESSAGE_LIMIT: '100',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a long thread opens at its end, and its older messages follow, rendered as Markdown', async ({
  page,
}) => {
  const uuid = (
    (await (await fetch(`${server.url}/user/create_uuid`, { method: 'POST' })).json()) as {
      id: string;
    }
  ).id;
  let threadId: string | null = null;
  for (let i = 1; i <= 20; i++) {
    const res: Response = await fetch(`${server.url}/assistant/answer`, {
      method: 'POST',
      headers: { uuid, 'content-type': 'application/json' },
      body: JSON.stringify({
        question: `Pitanje ${i}: koliko kg smije imati ručni prtljag?`,
        thread_id: threadId,
      }),
    });
    expect(res.status).toBe(200);
    threadId = ((await res.json()) as { thread_id: string }).thread_id;
  }

  await page.goto(`${server.url}/mne/chats/${threadId}?uuid=${uuid}`);
  const chat = chatScreen(page, 'mne');
  const list = page.getByTestId('messages');
  // Every message comes, in order, the first question first.
  await expect(chat.messages).toHaveCount(40);
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  await expect(chat.user.first()).toContainText('Pitanje 1:');
  await expect(chat.user.last()).toContainText('Pitanje 20:');
  // The end of the conversation is in view, as it was before the older messages came.
  await expect(chat.assistant.last()).toBeInViewport();
  await expect(chat.assistant.first()).not.toBeInViewport();
  // The oldest answer is Markdown (paragraphs), not the plain text shown before the renderer.
  await expect(chat.assistant.first().locator('.markdown p').first()).toContainText('8 kg');
  // Scrolled to the top, the oldest rows (skipped by the browser while out of view) show.
  await chat.user.first().scrollIntoViewIfNeeded();
  await expect(chat.user.first()).toBeInViewport();
});
