import { expect, test } from '@playwright/test';
import { describeLoad, measureFirstLoad, modulesByChunk } from './first-load.js';
import { chatScreen, TEXT, type Lang } from './support.js';

// A phone: what the budgets are about (a large screen adds the fixed sidebar's chunk).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Issue 11's budgets for what a phone downloads before the chat is usable (compressed bytes). */
const BUDGET = { js: 100_000, page: 120_000 };

/** Modules a passenger's page never downloads, not even when idle. */
const NEVER = [
  // The staff console (packages/web/src/features/admin): a lazy chunk of its own.
  /[\\/]features[\\/]admin[\\/]/i,
  // The browser validates nothing: the contract's schemas and TypeBox stay on the server.
  /node_modules[\\/]@sinclair[\\/]typebox/,
];

/** Modules the first screen does not use: they may come later, never before the chat works. */
function notBeforeReady(lang: Lang): RegExp[] {
  const other = lang === 'mne' ? 'en' : 'mne';
  return [
    /node_modules[\\/](react-markdown|remark-|rehype-|micromark|mdast-|hast-)/,
    new RegExp(`[\\\\/]src[\\\\/]i18n[\\\\/]${other}\\.ts$`),
    /[\\/]features[\\/](notfound|captcha[\\/]CaptchaScreen)/,
  ];
}

for (const lang of ['mne', 'en'] as const) {
  test(`first load of /${lang}/chats/new stays within budget and brings only what the chat needs`, async ({
    page,
  }) => {
    const load = await measureFirstLoad(page, `/${lang}/chats/new`);
    // The selectors of measureFirstLoad and the chat's own accessible names agree.
    const chat = chatScreen(page, lang);
    await expect(chat.input).toBeEditable();
    await expect(chat.card(TEXT[lang].petsCard)).toBeVisible();
    const table = describeLoad(load);
    console.info(
      `first load /${lang}/chats/new: JS ${load.jsBytes} B, JS+CSS+HTML ${load.pageBytes} B, usable at ${Math.round(load.readyMs)} ms\n${table}`,
    );

    // Every script, style sheet and page came compressed.
    for (const r of load.resources) {
      if (r.kind !== 'other' && r.decodedBytes > 0) {
        expect(r.bodyBytes, r.url).toBeLessThan(r.decodedBytes);
      }
    }
    expect(load.jsBytes, table).toBeLessThanOrEqual(BUDGET.js);
    expect(load.pageBytes, table).toBeLessThanOrEqual(BUDGET.page);

    const chunks = await modulesByChunk();
    const scripts = load.resources.filter((r) => r.kind === 'script');
    expect(scripts.some((r) => r.beforeReady)).toBe(true);
    for (const script of scripts) {
      const chunk = new URL(script.url).pathname.slice(1);
      const modules = chunks.get(chunk);
      // Web Worker bundles (the ALTCHA solver's hashing) are built apart and not in the stats;
      // every script of the first load is.
      if (!modules) {
        expect(script.beforeReady, `${chunk} is in the build's stats`).toBe(false);
        continue;
      }
      const patterns = script.beforeReady ? [...NEVER, ...notBeforeReady(lang)] : NEVER;
      for (const pattern of patterns) {
        const found = modules.filter((m) => pattern.test(m));
        expect(found, `${chunk} holds ${String(pattern)}`).toEqual([]);
      }
    }
  });
}
