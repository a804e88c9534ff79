import { expect, test, type Response } from '@playwright/test';
import { ask, chatScreen, finalAnswer, openNewChat, TEXT, threadIdOf } from './support.js';

interface AnswerBody {
  thread_id: string;
  all_messages: Array<{ role: string; content: string; message_id: string }>;
}

test.describe('a new chat', () => {
  test('from a suggested card: the streamed answer shows, then the stored reply with its source', async ({
    page,
  }) => {
    const chat = chatScreen(page, 'mne');
    await openNewChat(page, 'mne');

    // Hold the answer's HTTP reply, so what the page shows meanwhile can only have come from
    // the realtime pieces.
    const frames: Array<{ event: string; data: unknown }> = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') frames.push(JSON.parse(payload) as (typeof frames)[0]);
      }),
    );
    let held!: (r: Response | AnswerBody) => void;
    const answerHeld = new Promise<AnswerBody>((resolve) => (held = resolve as typeof held));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assistant/answer', async (route) => {
      const response = await route.fetch();
      held((await response.json()) as AnswerBody);
      await released;
      await route.fulfill({ response });
    });

    await chat.card(TEXT.mne.petsCard).click();
    await expect(chat.user.last()).toContainText(TEXT.mne.petsCard);

    const body = await answerHeld;
    const reply = body.all_messages.at(-1)!;
    expect(reply.role).toBe('assistant');
    expect(reply.content).toContain('8 kg');
    const streaming = chat.assistant.last();
    // The last assistant message is the joined pieces, still marked busy, with no feedback yet.
    await expect(streaming).toHaveAttribute('aria-busy', 'true');
    await expect(streaming).toContainText(reply.content.slice(0, 40));
    await expect(streaming).toContainText('8 kg');
    await expect(
      streaming.getByRole('button', { name: TEXT.mne.feedbackUp, exact: true }),
    ).toHaveCount(0);
    // The address names the thread from the first frame on (a reload keeps the question).
    await expect(page).toHaveURL(new RegExp(`/mne/chats/${body.thread_id}\\?history=0$`));
    // Screen readers hear the answer once, when it is complete, not piece by piece.
    await expect(page.getByTestId('answer-announcer')).toBeEmpty();

    const pieces = frames.filter((f) => f.event === 'message:bits');
    expect(frames.some((f) => f.event === 'message:created')).toBe(true);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((f) => f.data).join('')).toBe(reply.content);

    release();
    const answer = await finalAnswer(page, 'mne');
    await expect(page.getByTestId('answer-announcer')).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByTestId('answer-announcer')).toContainText('8 kg');
    await expect(answer).toContainText('8 kg');
    await expect(answer.getByRole('link', { name: /Ljubimci u kabini/ })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(answer.getByText('Učitavanje...')).toHaveCount(0);

    // A new conversation moves to its thread and shows up in the list, today.
    await expect(page).toHaveURL(new RegExp(`/mne/chats/${body.thread_id}\\?history=0$`));
    const item = chat.todayGroup.getByRole('link', { name: TEXT.mne.petsCard });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('aria-current', 'page');
  });

  // Each card asks what a passenger asks and its answer carries the figure that matters.
  for (const lang of ['mne', 'en'] as const) {
    test(`every suggested card in ${lang} is answered with its key figures`, async ({ page }) => {
      const chat = chatScreen(page, lang);
      const t = TEXT[lang];
      const cards = [
        { question: t.luggageCard, figures: ['8 kg', '55 × 40 × 23 cm'] },
        { question: t.petsCard, figures: ['8 kg'] },
        { question: t.childrenCard, figures: [/EUR 50|50 EUR/] },
      ];
      await openNewChat(page, lang);
      for (const { question, figures } of cards) {
        await chat.card(question).click();
        await expect(chat.user).toHaveCount(1);
        await expect(chat.user).toContainText(question);
        const answer = await finalAnswer(page, lang);
        for (const figure of figures) await expect(answer, question).toContainText(figure);
        await expect(page).toHaveURL(/\?history=0$/);
        await page.getByRole('link', { name: t.newChat }).click();
        await expect(chat.card(question)).toBeVisible();
      }
      await expect(chat.todayGroup.getByRole('link')).toHaveText(
        cards.map((c) => c.question).reverse(),
      );
    });
  }

  test('from typing, in English: Enter sends, the answer holds the figure and its source', async ({
    page,
  }) => {
    const chat = chatScreen(page, 'en');
    await openNewChat(page, 'en');
    const question = 'How heavy can my cabin bag be?';
    await chat.input.fill(question);
    await chat.input.press('Enter');
    await expect(chat.input).toHaveValue('');
    await expect(chat.user).toHaveText([new RegExp(question.replace('?', '\\?'))]);

    const answer = await finalAnswer(page, 'en');
    await expect(answer).toContainText('8 kg');
    await expect(answer.getByRole('link', { name: /Cabin baggage/ })).toBeVisible();
    await expect(answer.getByRole('link', { name: /Cabin baggage/ })).toHaveAttribute(
      'rel',
      /noopener/,
    );

    await expect(page).toHaveURL(/\/en\/chats\/[^/?]+\?history=0$/);
    const id = threadIdOf(page.url());
    const item = chat.todayGroup.getByRole('link', { name: question });
    await expect(item).toHaveAttribute('href', `/en/chats/${id}`);
  });
});

test('the conversation and its feedback survive a reload', async ({ page }) => {
  const chat = chatScreen(page, 'mne');
  await openNewChat(page, 'mne');
  const question = 'Koliko košta praćenje djece koja putuju sama?';
  const answer = await ask(page, question, 'mne');
  await expect(answer).toContainText('50 EUR');
  const id = threadIdOf(page.url());

  const up = answer.getByRole('button', { name: TEXT.mne.feedbackUp, exact: true });
  const down = answer.getByRole('button', { name: TEXT.mne.feedbackDown, exact: true });
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/assistant/message/feedback') && r.request().method() === 'POST',
  );
  await up.click();
  expect((await saved).status()).toBe(200);
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  // The SUCCESS toast, in #notification, closable by a button labelled Close ('Zatvori').
  const toast = page.locator('#notification').getByTestId('toast').filter({ hasText: 'Hvala' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', 'SUCCESS');
  await toast.getByRole('button', { name: 'Zatvori' }).click();
  await expect(toast).toHaveCount(0);

  // The thread's own address (what the sidebar links to) loads its history from the server.
  await page.goto(`/mne/chats/${id}`);
  await expect(chat.user).toHaveText([new RegExp(question.replace('?', '\\?'))]);
  const restored = await finalAnswer(page, 'mne');
  await expect(restored).toContainText('50 EUR');
  await expect(
    restored.getByRole('button', { name: TEXT.mne.feedbackUp, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Changing the rating is stored as well.
  const changed = page.waitForResponse((r) => r.url().endsWith('/assistant/message/feedback'));
  await restored.getByRole('button', { name: TEXT.mne.feedbackDown, exact: true }).click();
  expect((await changed).status()).toBe(200);
  // Toasts leave by themselves after 3 s.
  const thanks = page.getByTestId('toast').filter({ hasText: 'Hvala' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toHaveCount(0, { timeout: 6_000 });
  await page.reload();
  const again = await finalAnswer(page, 'mne');
  await expect(
    again.getByRole('button', { name: TEXT.mne.feedbackDown, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    again.getByRole('button', { name: TEXT.mne.feedbackUp, exact: true }),
  ).toHaveAttribute('aria-pressed', 'false');
  void down;
  await expect(chat.todayGroup.getByRole('link', { name: question })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('after the first answer (?history=0) a reload, Back, or a reload after a language switch shows the conversation', async ({
  page,
}) => {
  const chat = chatScreen(page, 'mne');
  await openNewChat(page, 'mne');
  const question = 'Koliko košta praćenje djece koja putuju sama?';
  await ask(page, question, 'mne');
  // The spec's move to the new thread stays as it is.
  await expect(page).toHaveURL(/\/mne\/chats\/[^/?]+\?history=0$/);
  const id = threadIdOf(page.url());
  const shown = async (lang: 'mne' | 'en') => {
    await expect(chatScreen(page, lang).user).toHaveText([
      new RegExp(question.replace('?', '\\?')),
    ]);
    await expect(await finalAnswer(page, lang)).toContainText('50 EUR');
  };

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/mne/chats/${id}\\?history=0$`));
  await shown('mne');
  await expect(chat.todayGroup.getByRole('link', { name: question })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('link', { name: TEXT.mne.newChat }).click();
  await expect(page).toHaveURL(/\/mne\/chats\/new$/);
  await expect(chat.messages).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/mne/chats/${id}\\?history=0$`));
  await shown('mne');

  // The switch keeps the conversation on screen without a new load; a reload after it loads it.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/chats/${id}`));
  await shown('en');
  await page.reload();
  await shown('en');
});

test('Enter sends, Shift+Enter starts a new line', async ({ page }) => {
  const chat = chatScreen(page, 'mne');
  await openNewChat(page, 'mne');
  await chat.input.fill('Koliko kg');
  await chat.input.press('Shift+Enter');
  await chat.input.pressSequentially('smije imati ručni prtljag?');
  await expect(chat.input).toHaveValue('Koliko kg\nsmije imati ručni prtljag?');
  await expect(chat.messages).toHaveCount(0);

  await chat.input.press('Enter');
  await expect(chat.input).toHaveValue('');
  await expect(chat.user).toHaveCount(1);
  await expect(chat.user.first()).toContainText('Koliko kg');
  await expect(chat.user.first()).toContainText('smije imati ručni prtljag?');
  await finalAnswer(page, 'mne');
});

test('send stays disabled for text without a letter', async ({ page }) => {
  const chat = chatScreen(page, 'mne');
  await openNewChat(page, 'mne');
  await expect(chat.send).toBeDisabled();
  for (const text of ['   ', '123 456', '?!. 42 €', '👍👍', '\n\n']) {
    await chat.input.fill(text);
    await expect(chat.send, JSON.stringify(text)).toBeDisabled();
    await chat.input.press('Enter');
  }
  await expect(chat.messages).toHaveCount(0);
  for (const text of ['ž', 'Ш', '8 kg?']) {
    await chat.input.fill(text);
    await expect(chat.send, JSON.stringify(text)).toBeEnabled();
  }
});

test('the text box grows with its text, up to 232 px', async ({ page }) => {
  const chat = chatScreen(page, 'mne');
  await openNewChat(page, 'mne');
  const height = () => chat.input.evaluate((el) => el.getBoundingClientRect().height);
  const one = await height();
  await chat.input.fill('prvi red\ndrugi red\ntreći red');
  await expect.poll(height).toBeGreaterThan(one + 30);
  await chat.input.fill(Array.from({ length: 30 }, (_, i) => `red ${i + 1}`).join('\n'));
  await expect.poll(height).toBeGreaterThan(200);
  expect(await height()).toBeLessThanOrEqual(232);
  // Beyond that it scrolls inside.
  expect(await chat.input.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await chat.input.fill('');
  await expect.poll(height).toBeLessThan(one + 2);
});

test('the answers’ Markdown renderer stays out of the first load and comes with the first touch', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/Markdown-[^/]+\.js$/.test(request.url())) fetched.push(request.url());
  });
  await page.goto('/en/chats/new');
  const chat = chatScreen(page, 'en');
  await expect(chat.input).toBeEditable();
  const html = await (await page.request.get('/en/chats/new')).text();
  expect(html).not.toMatch(/Markdown-/);
  // A visitor who only looks never downloads it.
  await page.waitForTimeout(1500);
  expect(fetched).toEqual([]);
  // The first focus (typing a question takes longer than the fetch) brings it, so the first
  // answer renders at once as Markdown.
  const markdown = page.waitForRequest(/\/assets\/Markdown-[^/]+\.js$/, { timeout: 10_000 });
  await chat.input.focus();
  await markdown;
  await expect(chat.messages).toHaveCount(0);
});
