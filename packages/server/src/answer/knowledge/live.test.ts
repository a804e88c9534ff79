import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { KnowledgeError } from './errors.js';
import { openKnowledge, type LiveKnowledge } from './live.js';
import { FIXTURE, writeKnowledge } from './test/fixture.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the reload');
    await new Promise((r) => setTimeout(r, 25));
  }
}

let open: LiveKnowledge | null = null;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await open?.close();
  await cleanup?.();
  open = null;
  cleanup = null;
});

const fee = (kb: LiveKnowledge) =>
  kb.index.search('Koliko košta prevoz mačke u kabini?', { language: 'mne' })[0]?.text ?? '';

describe('live knowledge folder', () => {
  it('rebuilds the index when an article changes', async () => {
    const written = await writeKnowledge();
    cleanup = written.cleanup;
    const { logger, lines } = capturingLogger();
    open = await openKnowledge({ dir: written.dir, logger, debounceMs: 50 });
    const index = open.index;
    expect(fee(open)).toContain('30 EUR');

    const file = path.join(written.dir, 'mne/pets-cabin.md');
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll('30 EUR', '35 EUR'));
    await until(() => fee(open!).includes('35 EUR'));
    // The index handed out at start follows the reload.
    expect(index.search('Koliko košta prevoz mačke?', { language: 'mne' })[0]?.text).toContain(
      '35 EUR',
    );
    expect(lines.some((l) => l.msg === 'knowledge base re-indexed')).toBe(true);
  });

  it('picks up a new article', async () => {
    const written = await writeKnowledge();
    cleanup = written.cleanup;
    open = await openKnowledge({
      dir: written.dir,
      logger: capturingLogger().logger,
      debounceMs: 50,
    });
    const contact = FIXTURE['mne/pets-cabin.md']!.replace('id: pets-cabin', 'id: contact')
      .replace('title: Ljubimci u kabini', 'title: Kontakt')
      .replace(
        '## Cijena prevoza ljubimca u kabini: 30 EUR',
        '## Kol centar radi od 07:00 do 22:00',
      )
      .replace(
        'Prevoz psa ili mačke u kabini košta 30 EUR po pravcu.',
        'Kol centar radi svaki dan od 07:00 do 22:00.',
      );
    await writeFile(path.join(written.dir, 'mne/contact.md'), contact);
    await until(() => open!.current.articles.some((a) => a.id === 'contact'));
  });

  it('keeps the previous index and logs the error when a changed article is malformed', async () => {
    const written = await writeKnowledge();
    cleanup = written.cleanup;
    const { logger, lines } = capturingLogger();
    open = await openKnowledge({ dir: written.dir, logger, debounceMs: 50 });
    const before = open.current;

    const file = path.join(written.dir, 'mne/pets-cabin.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('lang: mne', 'lang: en'));
    await until(() => lines.some((l) => l.level === 50));
    const error = lines.find((l) => l.level === 50);
    expect(error?.msg).toBe('knowledge base not re-indexed: keeping the previous index');
    expect(JSON.stringify(error)).toContain('pets-cabin.md');
    expect(open.current).toBe(before);
    expect(fee(open)).toContain('30 EUR');
  });

  it('refuses to start on a malformed article, naming the file', async () => {
    const written = await writeKnowledge({
      ...FIXTURE,
      'en/pets-cabin.md': FIXTURE['en/pets-cabin.md']!.replace('title: Pets in the cabin\n', ''),
    });
    cleanup = written.cleanup;
    const start = openKnowledge({
      dir: written.dir,
      logger: capturingLogger().logger,
      watch: false,
    });
    await expect(start).rejects.toBeInstanceOf(KnowledgeError);
    await expect(start).rejects.toThrow(/en\/pets-cabin\.md: missing "title"/);
  });
});
