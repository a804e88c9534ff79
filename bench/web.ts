/**
 * The web app as a phone gets it from the production server (packages/server/dist serving
 * packages/web/dist; `npm run build` first):
 *   - first-load bytes on the wire (compressed, as served) before the chat is usable, in
 *     Chromium with a phone viewport (e2e/first-load.ts), against the uncompressed bytes of the
 *     same files (the baseline of the same run);
 *   - Lighthouse 12 mobile (performance, accessibility) with Debian's Chromium;
 *   - the longest main-thread task (PerformanceObserver 'longtask') while a 300-message thread
 *     renders and is scrolled top to bottom, and the CPU time of the longest task from a
 *     Chromium trace (wall time grows with the machine's load; CPU time much less).
 *   CHROME_PATH=/usr/bin/chromium npx tsx bench/web.ts
 */
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { describeLoad, measureFirstLoad } from '../e2e/first-load.js';
import { printTable, startServerProcess, writeResult, type Verdict } from './support.js';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags that work on this machine (STACK.md). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function firstLoad(url: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS.slice(1) });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const load = await measureFirstLoad(page, `${url}/mne/chats/new`);
    await context.close();
    return load;
  } finally {
    await browser.close();
  }
}

async function lighthouseMobile(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(`${url}/mne/chats/new`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    const score = (id: string) => Math.round((lhr?.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

/** The most CPU time (thread time) one task took on the page's main thread, in ms. */
function longestRendererTaskCpu(trace: Buffer): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const cpu = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.tdur ?? 0) / 1000);
  // No task recorded means the trace did not work, not a thread without work.
  return cpu.length === 0 ? Number.NaN : Math.max(...cpu);
}

/** Longest task while a 300-message thread loads and is scrolled through. */
async function longestTask(
  url: string,
): Promise<{ longestMs: number; longestCpuMs: number; tasks: number; messages: number }> {
  const uuid = (
    (await (await fetch(`${url}/user/create_uuid`, { method: 'POST' })).json()) as { id: string }
  ).id;
  let threadId: string | null = null;
  const topics = [
    'ručni prtljag',
    'kućni ljubimci',
    'praćenje djece',
    'prtljag za sport',
    'check-in',
  ];
  for (let i = 0; i < 150; i++) {
    const res: Response = await fetch(`${url}/assistant/answer`, {
      method: 'POST',
      headers: { uuid, 'content-type': 'application/json' },
      body: JSON.stringify({
        question: `Pitanje ${i + 1}: šta važi za ${topics[i % topics.length]}?`,
        thread_id: threadId,
      }),
    });
    if (!res.ok) throw new Error(`answer ${i} answered ${res.status}`);
    threadId = ((await res.json()) as { thread_id: string }).thread_id;
  }
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS.slice(1) });
  try {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.addInitScript({
      content: `window.__longtasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longtasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });`,
    });
    // RunTask events (with their thread time) are only recorded with the timeline category.
    await browser.startTracing(page, {
      categories: ['toplevel', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(`${url}/mne/chats/${threadId}?uuid=${uuid}`);
    const rows = page.locator('[data-testid="message"]');
    await rows.nth(299).waitFor({ timeout: 60_000 });
    // Every answer rendered as Markdown (the renderer is lazy: wait for it).
    await page.locator('[data-role="assistant"] .markdown').nth(149).waitFor({ timeout: 60_000 });
    const scroller = await page.evaluateHandle(() => {
      const el = document.querySelector('[data-testid="messages"]');
      let box = el?.parentElement ?? null;
      while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
      return box ?? document.scrollingElement!;
    });
    // Scroll to the top and back to the bottom, one screen per frame.
    await page.evaluate(async (box) => {
      const step = box.clientHeight;
      while (box.scrollTop > 0) {
        box.scrollTop = Math.max(0, box.scrollTop - step);
        await new Promise((r) => requestAnimationFrame(r));
      }
      while (box.scrollTop + box.clientHeight < box.scrollHeight - 1) {
        box.scrollTop += step;
        await new Promise((r) => requestAnimationFrame(r));
      }
    }, scroller);
    await page.waitForTimeout(500);
    const longestCpuMs = longestRendererTaskCpu(await browser.stopTracing());
    const tasks = await page.evaluate(
      () => (window as unknown as { __longtasks: number[] }).__longtasks,
    );
    return {
      longestMs: Math.max(0, ...tasks),
      longestCpuMs,
      tasks: tasks.length,
      messages: await rows.count(),
    };
  } finally {
    await browser.close();
  }
}

const server = await startServerProcess({
  CAPTCHA_PROVIDER: 'altcha',
  DAILY_MESSAGE_LIMIT: '1000',
  IP_DAILY_MESSAGE_LIMIT: '100000',
  ANSWER_PIECE_DELAY_MS: '0',
});
let load: Awaited<ReturnType<typeof firstLoad>>;
let lh: Awaited<ReturnType<typeof lighthouseMobile>>;
let tasks: Awaited<ReturnType<typeof longestTask>>;
try {
  load = await firstLoad(server.url);
  lh = await lighthouseMobile(server.url);
} finally {
  await server.stop();
}
// The 300-message thread is written without captcha (the bench's own server).
const seeded = await startServerProcess({
  DAILY_MESSAGE_LIMIT: '1000',
  IP_DAILY_MESSAGE_LIMIT: '100000',
  ANSWER_PIECE_DELAY_MS: '0',
});
try {
  tasks = await longestTask(seeded.url);
} finally {
  await seeded.stop();
}

const first = load.resources.filter((r) => r.beforeReady && r.kind !== 'other');
const decoded = first.reduce((t, r) => t + r.decodedBytes, 0);
console.info(`\n${describeLoad(load)}`);
printTable(
  'Web: first load of /mne/chats/new on a phone (bytes before the chat is usable)',
  ['what', 'bytes', 'ratio to uncompressed'],
  [
    ['JS + CSS + HTML uncompressed (baseline)', decoded, '1.00'],
    ['JS on the wire', load.jsBytes, (load.jsBytes / decoded).toFixed(2)],
    ['JS + CSS + HTML on the wire', load.pageBytes, (load.pageBytes / decoded).toFixed(2)],
  ],
);
printTable(
  'Lighthouse 12 mobile, /mne/chats/new',
  ['performance', 'accessibility', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'],
  [
    [
      lh.performance,
      lh.accessibility,
      lh.fcpMs.toFixed(0),
      lh.lcpMs.toFixed(0),
      lh.tbtMs.toFixed(0),
      lh.cls.toFixed(3),
    ],
  ],
);
printTable(
  '300-message thread: render and scroll top to bottom',
  ['messages', 'long tasks', 'longest ms (wall)', 'longest task CPU ms'],
  [[tasks.messages, tasks.tasks, tasks.longestMs.toFixed(0), tasks.longestCpuMs.toFixed(0)]],
);
const verdicts: Verdict[] = [
  {
    measure: 'initial JS (brotli, phone)',
    value: `${(load.jsBytes / 1000).toFixed(1)} KB`,
    target: '≤ 100 KB',
    met: load.jsBytes <= 100_000,
  },
  {
    measure: 'first load JS+CSS+HTML',
    value: `${(load.pageBytes / 1000).toFixed(1)} KB`,
    target: '≤ 120 KB',
    met: load.pageBytes <= 120_000,
  },
  {
    measure: 'Lighthouse mobile performance',
    value: String(lh.performance),
    target: '≥ 95',
    met: lh.performance >= 95,
  },
  {
    measure: 'Lighthouse mobile accessibility',
    value: String(lh.accessibility),
    target: '100',
    met: lh.accessibility === 100,
  },
  {
    measure: 'longest task, 300-message thread',
    value: `${tasks.longestMs.toFixed(0)} ms`,
    target: '≤ 100 ms',
    met: tasks.longestMs <= 100,
  },
  {
    measure: 'longest task CPU time, 300-message thread',
    value: `${tasks.longestCpuMs.toFixed(0)} ms`,
    target: '≤ 100 ms',
    met: tasks.longestCpuMs <= 100,
  },
];
await writeResult('web', {
  firstLoad: {
    jsBytes: load.jsBytes,
    pageBytes: load.pageBytes,
    decoded,
    resources: load.resources,
  },
  lighthouse: lh,
  longTasks: tasks,
  verdicts,
});
// Sockets and browsers are closed; anything a library left behind must not hold the run.
process.exit(process.exitCode ?? 0);
