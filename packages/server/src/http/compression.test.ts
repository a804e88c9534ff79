import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { UUID_HEADER } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../test/http-client.js';
import { rawRequest } from '../test/raw-http.js';
import { startTestApp, type TestApp } from '../test/start-app.js';
import { varyOnEncoding } from './compression.js';

const HTML = 'text/html,application/xhtml+xml';
const PAGE = `<!doctype html><title>Supersteward</title><div id="root"></div>${'<!-- x -->'.repeat(50)}`;
// Varied text, as a bundle is: a brotli file of it is much smaller than the file.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i * 7919};`).join(
  '\n',
);
const NO_COMPANIONS = 'console.log("no .br or .gz beside me")';

/** The build's output, as packages/web's vite build writes it: name, name.br, name.gz. */
async function writeBuilt(dir: string, name: string, text: string): Promise<void> {
  await writeFile(join(dir, name), text);
  await writeFile(join(dir, `${name}.br`), brotliCompressSync(text));
  await writeFile(join(dir, `${name}.gz`), gzipSync(text));
}

function varyTokens(headers: Record<string, string | string[] | undefined>): string[] {
  const vary = headers.vary;
  const value = Array.isArray(vary) ? vary.join(',') : (vary ?? '');
  return value
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
}

describe('compressed delivery', () => {
  let running: TestApp;
  let http: HttpClient;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'supersteward-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeBuilt(webDir, 'index.html', PAGE);
    await writeBuilt(join(webDir, 'assets'), 'index-a1b2c3.js', SCRIPT);
    await writeFile(join(webDir, 'assets', 'plain-d4e5f6.js'), NO_COMPANIONS);
    running = await startTestApp({ webDir });
    http = httpClient(running.url);
  });
  afterAll(async () => {
    await running.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
  ])('serves the built file for Accept-Encoding %s as %s', async (accept, encoding) => {
    const sent = await rawRequest(`${running.url}/assets/index-a1b2c3.js`, {
      headers: { 'accept-encoding': accept },
    });
    expect(sent.status).toBe(200);
    expect(sent.headers['content-encoding']).toBe(encoding);
    expect(sent.headers['content-type']).toMatch(/javascript/);
    expect(varyTokens(sent.headers)).toContain('accept-encoding');
    expect(sent.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Decoded once it is the file: compressed exactly once, never twice.
    expect(sent.decoded.toString()).toBe(SCRIPT);
    expect(sent.wire.length).toBeLessThan(SCRIPT.length / 3);
  });

  it('serves the plain file to a client that takes no encoding, still varying on it', async () => {
    const sent = await rawRequest(`${running.url}/assets/index-a1b2c3.js`);
    expect(sent.headers['content-encoding']).toBeUndefined();
    expect(varyTokens(sent.headers)).toContain('accept-encoding');
    expect(sent.wire.toString()).toBe(SCRIPT);
  });

  it('compresses a text file the build left no compressed copy of on the fly', async () => {
    const sent = await rawRequest(`${running.url}/assets/plain-d4e5f6.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(sent.status).toBe(200);
    expect(sent.headers['content-encoding']).toBe('gzip');
    expect(varyTokens(sent.headers)).toContain('accept-encoding');
    expect(sent.decoded.toString()).toBe(NO_COMPANIONS);
  });

  it('does not publish the compressed files as paths of their own', async () => {
    const sent = await rawRequest(`${running.url}/assets/index-a1b2c3.js.br`, {
      headers: { accept: 'application/json' },
    });
    expect(sent.status).toBe(404);
  });

  it.each([
    ['/mne/chats/new', 200],
    ['/en/chats/1234', 200],
    ['/some/unknown/page', 404],
  ])('sends the page for %s compressed (%i)', async (path, status) => {
    const sent = await rawRequest(`${running.url}${path}`, {
      headers: { accept: HTML, 'accept-encoding': 'br' },
    });
    expect(sent.status).toBe(status);
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.headers['content-type']).toMatch(/^text\/html/);
    expect(varyTokens(sent.headers)).toContain('accept-encoding');
    expect(sent.decoded.toString()).toBe(PAGE);
  });

  it('compresses a JSON answer above 1 KB on the fly, and decodes to the plain answer', async () => {
    const visitor = await http.createVisitor();
    const question =
      `What may I bring on board? ${'Please tell me everything. '.repeat(60)}`.trim();
    const asked = await rawRequest(`${running.url}/assistant/answer`, {
      method: 'POST',
      headers: {
        [UUID_HEADER]: visitor,
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
      },
      body: JSON.stringify({ question, thread_id: null }),
    });
    expect(asked.status).toBe(200);
    expect(asked.headers['content-encoding']).toBe('br');
    expect(varyTokens(asked.headers)).toContain('accept-encoding');
    const answer = JSON.parse(asked.decoded.toString()) as { thread_id: string };
    expect(asked.wire.length).toBeLessThan(asked.decoded.length);

    const path = `${running.url}/assistant/threads/${answer.thread_id}/history`;
    const plain = await rawRequest(path, { headers: { [UUID_HEADER]: visitor } });
    const gzip = await rawRequest(path, {
      headers: { [UUID_HEADER]: visitor, 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.wire.length).toBeGreaterThan(1024);
    expect(gzip.decoded.equals(plain.wire)).toBe(true);
    expect(varyTokens(plain.headers)).toContain('accept-encoding');
    expect(varyTokens(gzip.headers).filter((t) => t === 'accept-encoding')).toHaveLength(1);
  });

  it('leaves JSON under 1 KB as it is, naming Accept-Encoding in Vary all the same', async () => {
    const visitor = await http.createVisitor();
    const sent = await rawRequest(`${running.url}/assistant/threads`, {
      headers: { [UUID_HEADER]: visitor, 'accept-encoding': 'br, gzip' },
    });
    expect(sent.status).toBe(200);
    expect(sent.headers['content-encoding']).toBeUndefined();
    expect(sent.wire.toString()).toBe('[]');
    expect(varyTokens(sent.headers)).toContain('accept-encoding');
  });

  it.each(['/docs/json', '/docs/static/swagger-ui.css', '/docs/static/swagger-ui-bundle.js'])(
    'compresses the API docs at %s',
    async (path) => {
      const plain = await rawRequest(`${running.url}${path}`, { headers: { accept: HTML } });
      const br = await rawRequest(`${running.url}${path}`, {
        headers: { accept: HTML, 'accept-encoding': 'br' },
      });
      expect(plain.status).toBe(200);
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(varyTokens(br.headers)).toContain('accept-encoding');
      expect(br.decoded.equals(plain.wire)).toBe(true);
      expect(br.wire.length).toBeLessThan(plain.wire.length);
    },
  );

  it('lists accept-encoding in Vary once, after what is there', () => {
    expect(varyOnEncoding(undefined)).toBe('accept-encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, accept-encoding');
    expect(varyOnEncoding('origin, Accept-Encoding')).toBe('origin, Accept-Encoding');
    expect(varyOnEncoding('*')).toBe('*');
    expect(varyOnEncoding(['Origin', 'Accept-Encoding'])).toBe('Origin, Accept-Encoding');
  });
});
