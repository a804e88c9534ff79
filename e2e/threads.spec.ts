import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ask,
  chatScreen,
  finalAnswer,
  holdRequest,
  openNewChat,
  storedUuid,
  TEXT,
  threadIdOf,
} from './support.js';

async function serverThreads(request: APIRequestContext, uuid: string) {
  const res = await request.get('/assistant/threads', { headers: { uuid } });
  return { status: res.status(), body: (await res.json()) as unknown };
}

test('delete one chat: Cancel keeps it, Delete removes it and opens a new chat', async ({
  page,
}) => {
  const chat = chatScreen(page, 'mne');
  const uuid = await openNewChat(page, 'mne');
  const question = 'Koliko košta dodatni kofer?';
  await ask(page, question, 'mne');
  const id = threadIdOf(page.url());
  const item = chat.todayGroup.getByRole('link', { name: question });
  await expect(item).toBeVisible();

  const trash = chat.threadNav.getByRole('button', { name: TEXT.mne.deleteThread(question) });
  const dialog = page.getByRole('dialog', { name: TEXT.mne.titleOne });

  await trash.click();
  await expect(dialog.getByRole('heading')).toBeVisible();
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: TEXT.mne.cancel }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/mne/chats/${id}`));

  await trash.click();
  await expect(dialog.getByRole('heading')).toBeVisible();
  const held = await holdRequest(page, `**/assistant/threads/${id}`, 'DELETE');
  const deleted = page.waitForResponse(
    (r) => r.url().endsWith(`/assistant/threads/${id}`) && r.request().method() === 'DELETE',
  );
  const confirm = dialog.getByRole('button', { name: TEXT.mne.confirm, exact: true });
  await confirm.click();
  // While the deletion is on its way: the confirm button is busy and disabled.
  await held.arrived;
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAttribute('aria-busy', 'true');
  held.release();
  expect((await deleted).status()).toBe(200);
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/mne\/chats\/new$/);
  await expect(item).toHaveCount(0);
  await expect(chat.threadNav).toContainText(TEXT.mne.empty);
  await expect(chat.messages).toHaveCount(0);

  expect(await serverThreads(page.request, uuid)).toEqual({ status: 200, body: [] });
  // The same visitor goes on: the id is kept.
  expect(await storedUuid(page)).toBe(uuid);
});

test('delete all: a new visitor id, an empty list, a new chat', async ({ page }) => {
  const chat = chatScreen(page, 'mne');
  const oldUuid = await openNewChat(page, 'mne');
  await ask(page, 'Koliko kg smije imati ručni prtljag?', 'mne');
  await page.getByRole('link', { name: TEXT.mne.newChat }).click();
  await expect(page).toHaveURL(/\/mne\/chats\/new$/);
  await expect(chat.messages).toHaveCount(0);
  await ask(page, 'Kada se zatvara online čekiranje?', 'mne');
  await expect(chat.todayGroup.getByRole('link')).toHaveCount(2);

  const deleteAll = page.getByRole('button', { name: TEXT.mne.deleteAll, exact: true });
  const dialog = page.getByRole('dialog', { name: TEXT.mne.titleAll });
  await deleteAll.click();
  await expect(dialog.getByRole('heading')).toBeVisible();
  await dialog.getByRole('button', { name: TEXT.mne.confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page).toHaveURL(/\/mne\/chats\/new$/);
  await expect(chat.threadNav).toContainText(TEXT.mne.empty);
  await expect(chat.threadNav.getByRole('link')).toHaveCount(0);
  await expect(chat.messages).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('uuid'))).not.toBe(oldUuid);
  const newUuid = await storedUuid(page);

  // The server forgot the old visitor and knows the new one, with nothing in it.
  expect((await serverThreads(page.request, oldUuid)).status).toBe(404);
  expect(await serverThreads(page.request, newUuid)).toEqual({ status: 200, body: [] });
  // 'Delete all' is inert again with nothing to delete.
  await expect(deleteAll).toHaveAttribute('aria-disabled', 'true');
});

test('while an answer loads, the sidebar links, delete actions and language switch do nothing', async ({
  page,
}) => {
  const t = TEXT.mne;
  const chat = chatScreen(page, 'mne');
  await openNewChat(page, 'mne');
  const first = 'Koliko košta dodatni kofer?';
  await ask(page, first, 'mne');
  const url = page.url();
  const item = chat.todayGroup.getByRole('link', { name: first });
  const newChat = page.getByRole('link', { name: t.newChat });

  const held = await holdRequest(page, '**/assistant/answer', 'POST');
  await chat.input.fill('A do koliko kg?');
  await chat.input.press('Enter');
  await held.arrived;
  await expect(chat.assistant.last()).toContainText(t.loading);
  await expect(chat.send).toBeDisabled();
  for (const link of [item, newChat]) {
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await expect(link).toHaveCSS('cursor', 'not-allowed');
  }
  // aria-disabled makes Playwright wait for "enabled": force the clicks a visitor could still make.
  await newChat.click({ force: true });
  await item.click({ force: true });
  await chat.threadNav.getByRole('button', { name: t.deleteThread(first) }).click({ force: true });
  await page.getByRole('button', { name: t.deleteAll, exact: true }).click({ force: true });
  await page.getByRole('button', { name: 'English' }).click({ force: true });

  held.release();
  await finalAnswer(page, 'mne');
  // None of those clicks did anything: same address, no dialog, still Montenegrin, both answers.
  expect(page.url()).toBe(url);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(chat.input).toHaveAttribute('placeholder', t.placeholder);
  await expect(chat.assistant).toHaveCount(2);
  await expect(item).not.toHaveAttribute('aria-disabled', 'true');
  await expect(newChat).not.toHaveAttribute('aria-disabled', 'true');
});
