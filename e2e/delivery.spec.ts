import { expect, test } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRaw } from './wire.js';

const dist = fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const TEXT_FILE = /\.(js|css|html|svg)$/;

async function builtTextFiles(): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

function base(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is set by global-setup');
  return url;
}

test.describe('compressed delivery of the built app', () => {
  test('every text file of the build is sent as brotli or gzip and decodes to the file', async () => {
    const files = await builtTextFiles();
    expect(files).toContain('index.html');
    expect(files.some((file) => file.startsWith('assets/') && file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const original = await readFile(join(dist, file));
      for (const encoding of ['br', 'gzip']) {
        const sent = await getRaw(`${base()}/${file}`, { 'accept-encoding': encoding });
        expect(sent.status, file).toBe(200);
        expect(sent.headers['content-encoding'], file).toBe(encoding);
        expect(String(sent.headers.vary), file).toMatch(/accept-encoding/i);
        expect(sent.decoded.equals(original), `${file} as ${encoding}`).toBe(true);
      }
      const plain = await getRaw(`${base()}/${file}`);
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.wire.equals(original), file).toBe(true);
    }
  });

  test('the page of every app route comes compressed, as built', async () => {
    const page = await readFile(join(dist, 'index.html'));
    for (const path of ['/mne/chats/new', '/en/chats/new', '/mne/nowhere']) {
      const sent = await getRaw(`${base()}${path}`, {
        accept: 'text/html',
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(sent.headers['content-encoding'], path).toBe('br');
      expect(sent.decoded.equals(page), path).toBe(true);
    }
  });
});
