import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** One response of a page load, from the browser's Resource Timing entries. */
export interface LoadedResource {
  url: string;
  /** What the browser loaded it as: document, script, css, fetch... */
  kind: 'document' | 'script' | 'css' | 'other';
  /** Body bytes as they came over the wire (compressed when the server compressed them). */
  bodyBytes: number;
  /** The body once decoded. */
  decodedBytes: number;
  /** Body and headers. */
  transferBytes: number;
  /** Requested before the chat was usable: part of the first load. */
  beforeReady: boolean;
}

export interface FirstLoad {
  /** Everything requested until the network was quiet. */
  resources: LoadedResource[];
  /** Milliseconds from navigation until the chat was usable. */
  readyMs: number;
  /** Compressed body bytes requested before the chat was usable, by kind. */
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
  /** jsBytes + cssBytes + htmlBytes: what a phone downloads before the chat works. */
  pageBytes: number;
}

/**
 * CSS selectors that all match once the chat is usable: an enabled text box and the suggested
 * questions' buttons (the section headed by their title).
 */
export const CHAT_READY = ['textarea:not([disabled])', 'section[aria-labelledby] button'];

declare global {
  interface Window {
    __readyAt?: number;
  }
}

/**
 * Loads `url` in `page` and reads what it cost from the browser's own Resource Timing: every
 * resource requested before all `readySelectors` matched (checked on every animation frame, in
 * the page's clock) is the first load; then waits until no request has started for `quietMs`.
 */
export async function measureFirstLoad(
  page: Page,
  url: string,
  readySelectors: string[] = CHAT_READY,
  quietMs = 1500,
): Promise<FirstLoad> {
  // A string, not a function: run through tsx (the bench), a function would carry esbuild's
  // helpers into the page.
  await page.addInitScript({
    content: `(() => {
      const selectors = ${JSON.stringify(readySelectors)};
      performance.setResourceTimingBufferSize(1000);
      const check = () => {
        if (selectors.every((selector) => document.querySelector(selector))) {
          window.__readyAt = performance.now();
        } else {
          requestAnimationFrame(check);
        }
      };
      requestAnimationFrame(check);
    })();`,
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__readyAt !== undefined, undefined, { timeout: 30_000 });
  let count = -1;
  let quietSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() - quietSince < quietMs && Date.now() < deadline) {
    const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (now !== count) {
      count = now;
      quietSince = Date.now();
    }
    await page.waitForTimeout(200);
  }

  const { readyAt, entries } = await page.evaluate(() => {
    const timing = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    return {
      readyAt: window.__readyAt ?? 0,
      entries: timing.map((e) => ({
        url: e.name,
        initiator: e.entryType === 'navigation' ? 'navigation' : e.initiatorType,
        startTime: e.startTime,
        encoded: e.encodedBodySize,
        decoded: e.decodedBodySize,
        transfer: e.transferSize,
      })),
    };
  });
  const kindOf = (initiator: string, url: string): LoadedResource['kind'] => {
    if (initiator === 'navigation') return 'document';
    if (/\.js(\?|$)/.test(url)) return 'script';
    if (/\.css(\?|$)/.test(url)) return 'css';
    return 'other';
  };
  const resources = entries.map((e) => ({
    url: e.url,
    kind: kindOf(e.initiator, e.url),
    bodyBytes: e.encoded,
    decodedBytes: e.decoded,
    transferBytes: e.transfer,
    beforeReady: e.startTime <= readyAt,
  }));
  const sum = (kind: LoadedResource['kind']) =>
    resources
      .filter((r) => r.beforeReady && r.kind === kind)
      .reduce((total, r) => total + r.bodyBytes, 0);
  const jsBytes = sum('script');
  const cssBytes = sum('css');
  const htmlBytes = sum('document');
  return {
    resources,
    readyMs: readyAt,
    jsBytes,
    cssBytes,
    htmlBytes,
    pageBytes: jsBytes + cssBytes + htmlBytes,
  };
}

/** A table of a load, one resource a line, for logs and the bench. */
export function describeLoad(load: FirstLoad): string {
  return load.resources
    .map(
      (r) =>
        `${r.beforeReady ? 'first' : 'later'} ${r.kind.padEnd(8)} ${String(r.bodyBytes).padStart(7)} B (${String(r.decodedBytes).padStart(7)} decoded) ${new URL(r.url).pathname}`,
    )
    .join('\n');
}

interface BundleStats {
  nodeParts: Record<string, { renderedLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/**
 * The source modules each built chunk holds (assets/name-hash.js → module paths), from the
 * bundle visualizer's raw data written by the web build (packages/web/stats/bundle.json).
 */
export async function modulesByChunk(): Promise<Map<string, string[]>> {
  const file = fileURLToPath(new URL('../packages/web/stats/bundle.json', import.meta.url));
  const stats = JSON.parse(await readFile(file, 'utf8')) as BundleStats;
  const chunks = new Map<string, string[]>();
  for (const meta of Object.values(stats.nodeMetas)) {
    for (const [chunk, part] of Object.entries(meta.moduleParts)) {
      if ((stats.nodeParts[part]?.renderedLength ?? 0) === 0) continue;
      chunks.set(chunk, [...(chunks.get(chunk) ?? []), meta.id]);
    }
  }
  return chunks;
}
