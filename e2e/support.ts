import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export type Lang = 'mne' | 'en';

/**
 * The interface texts the tests look for, written out rather than imported from the app: a test
 * that read the app's own dictionary could not notice a wrong or missing translation.
 */
export const TEXT = {
  mne: {
    input: 'Vaše pitanje',
    placeholder: 'Pošaljite poruku Superstewardu...',
    send: 'Pošalji poruku',
    warning: 'Supersteward može dati netačne informacije. Provjerite važne informacije.',
    loading: 'Učitavanje...',
    newChat: 'Novi razgovor',
    threads: 'Razgovori',
    today: 'Danas',
    empty: 'Još nema razgovora',
    deleteAll: 'Obriši sve',
    deleteThread: (name: string) => `Obriši razgovor: ${name}`,
    titleOne: 'Obrisati razgovor?',
    titleAll: 'Obriši sve',
    cancel: 'Otkaži',
    confirm: 'Obriši',
    feedbackUp: 'Koristan odgovor',
    feedbackDown: 'Nekoristan odgovor',
    openSidebar: 'Otvori meni',
    closeSidebar: 'Zatvori meni',
    suggestions: 'Predložena pitanja',
    luggageCard: 'Koliko kila i kojih dimenzija smije biti ručni prtljag?',
    petsCard: 'Mogu li povesti psa ili mačku u kabinu i koliko smije biti težak?',
    childrenCard: 'Koliko košta praćenje djece koja putuju sama?',
    sources: 'Izvori',
  },
  en: {
    input: 'Your question',
    placeholder: 'Message Supersteward...',
    send: 'Send message',
    warning: 'Supersteward can give inaccurate information. Please check important information.',
    loading: 'Loading...',
    newChat: 'New chat',
    threads: 'Chats',
    today: 'Today',
    empty: 'No chats yet',
    deleteAll: 'Delete all',
    deleteThread: (name: string) => `Delete chat: ${name}`,
    titleOne: 'Delete chat?',
    titleAll: 'Delete all',
    cancel: 'Cancel',
    confirm: 'Delete',
    feedbackUp: 'Helpful answer',
    feedbackDown: 'Unhelpful answer',
    openSidebar: 'Open menu',
    closeSidebar: 'Close menu',
    suggestions: 'Suggested questions',
    luggageCard: 'What is the weight and size limit for my cabin bag?',
    petsCard: 'Can I bring my dog or cat in the cabin, and how heavy can it be?',
    childrenCard: 'How much does monitoring of children travelling alone cost?',
    sources: 'Sources',
  },
} as const;

export const SUPPORT_EMAIL = 'podrska@lovcenair.example';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
export const screenshotsDir = fileURLToPath(new URL('./artifacts/screenshots/', import.meta.url));

/** The chat screen's parts, found by role and accessible name in one language. */
export function chatScreen(page: Page, lang: Lang = 'mne') {
  const t = TEXT[lang];
  return {
    t,
    input: page.getByRole('textbox', { name: t.input }),
    send: page.getByRole('button', { name: t.send, exact: true }),
    card: (question: string) =>
      page.getByRole('region', { name: t.suggestions }).getByRole('button', { name: question }),
    messages: page.getByTestId('message'),
    assistant: page.locator('[data-testid="message"][data-role="assistant"]'),
    user: page.locator('[data-testid="message"][data-role="user"]'),
    threadNav: page.getByRole('navigation', { name: t.threads }),
    todayGroup: page.getByRole('region', { name: t.today }),
  };
}

/** Opens a new chat in a fresh context and waits until the visitor id is stored. */
export async function openNewChat(page: Page, lang: Lang = 'mne'): Promise<string> {
  await page.goto(`/${lang}/chats/new`);
  await expect(chatScreen(page, lang).input).toBeVisible();
  return storedUuid(page);
}

export async function storedUuid(page: Page): Promise<string> {
  let id: string | null = null;
  await expect
    .poll(async () => (id = await page.evaluate(() => localStorage.getItem('uuid'))))
    .toMatch(UUID_V4);
  return id as unknown as string;
}

/**
 * The last assistant message once final: no longer busy, with its feedback buttons (a reply the
 * server stored), so anything checked on it is the answer as the visitor keeps it.
 */
export async function finalAnswer(page: Page, lang: Lang = 'mne'): Promise<Locator> {
  const last = chatScreen(page, lang).assistant.last();
  await expect(last.getByRole('button', { name: TEXT[lang].feedbackUp, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(last).not.toHaveAttribute('aria-busy', 'true');
  return last;
}

/** Types a question, sends it with Enter, and returns the final answer. */
export async function ask(page: Page, question: string, lang: Lang = 'mne'): Promise<Locator> {
  const chat = chatScreen(page, lang);
  const before = await chat.assistant.count();
  await chat.input.fill(question);
  await chat.input.press('Enter');
  await expect(chat.assistant).toHaveCount(before + 1);
  return finalAnswer(page, lang);
}

export interface HeldRequest {
  /** Resolves when the page has sent the request (it is then held, not yet at the server). */
  arrived: Promise<void>;
  /** Lets the request go on to the server. */
  release: () => void;
}

/** Holds the page's next request matching `url` and `method`, to look at the page meanwhile. */
export async function holdRequest(page: Page, url: string, method: string): Promise<HeldRequest> {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    arrive();
    await released;
    await route.continue();
  });
  return { arrived, release };
}

/** A thread id from a chat URL (/{lang}/chats/{id}?history=0). */
export function threadIdOf(url: string): string {
  const match = /\/chats\/([^/?#]+)/.exec(new URL(url).pathname);
  if (!match?.[1] || match[1] === 'new') throw new Error(`no thread in ${url}`);
  return decodeURIComponent(match[1]);
}

/** axe-core on the page as it is: no serious or critical violation (WCAG 2.x A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`)
          .join('\n'),
    )
    .join('\n');
  expect(
    serious.map((v) => v.id),
    `axe on ${what}:\n${report}`,
  ).toEqual([]);
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: `${screenshotsDir}${name}.png`, fullPage: false });
}
