import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecaptchaCaptcha } from '../captcha/recaptcha.js';
import { httpClient, type HttpClient } from '../test/http-client.js';
import { startTestApp, type TestApp } from '../test/start-app.js';

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('HTTP surface', () => {
  let running: TestApp;
  let http: HttpClient;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'supersteward-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(
      join(webDir, 'index.html'),
      '<!doctype html><title>Supersteward</title><div id="root"></div>',
    );
    await writeFile(join(webDir, 'assets', 'index-a1b2c3.js'), 'console.log(1)');
    await writeFile(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    running = await startTestApp({ webDir, env: { CORS_ORIGINS: 'https://partner.example' } });
    http = httpClient(running.url);
  });
  afterAll(async () => {
    await running.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it.each([
    ['GET', '/nope'],
    ['GET', '/assistant/nope'],
    ['POST', '/api/nothing'],
    ['GET', '/user'],
  ])('%s %s is a JSON 404', async (method, path) => {
    const sent = await http.send(method, path, { headers: { accept: 'application/json' } });
    expect(sent.status).toBe(404);
    expect(sent.headers.get('content-type')).toMatch(/^application\/json/);
    expect(sent.body).toEqual({ status_code: 404, detail: expect.stringMatching(/No such path/) });
  });

  it.each([
    ['PUT', '/assistant/threads', 'GET, HEAD'],
    ['GET', '/assistant/answer', 'POST'],
    ['GET', '/user/create_uuid', 'POST'],
    ['POST', '/assistant/threads/abc', 'DELETE'],
    ['PATCH', '/assistant/threads/abc/history', 'GET, HEAD'],
    ['GET', '/ws/register_to_room/', 'POST'],
  ])('%s %s is a JSON 405 with Allow', async (method, path, allow) => {
    const sent = await http.send(method, path);
    expect(sent.status).toBe(405);
    expect(sent.headers.get('allow')).toBe(allow);
    expect(sent.body).toEqual({ status_code: 405, detail: expect.stringContaining(method) });
  });

  it('accepts the room registration path with or without its trailing slash', async () => {
    const visitor = await http.createVisitor();
    for (const path of ['/ws/register_to_room/', '/ws/register_to_room']) {
      const sent = await http.send('POST', path, {
        uuid: visitor,
        json: { user_id: visitor, room_id: `newchat_${visitor}` },
      });
      expect(sent.status).toBe(200);
    }
  });

  it('a bodiless POST with a JSON content type reads as no body', async () => {
    const sent = await http.send('POST', '/user/create_uuid', {
      raw: '',
      contentType: 'application/json',
    });
    expect(sent.status).toBe(200);
  });

  it('refuses other body types with 415 and large bodies with 413, in JSON', async () => {
    const visitor = await http.createVisitor();
    const form = await http.send('POST', '/assistant/message/feedback', {
      uuid: visitor,
      raw: 'message_id=1&sentiment=positive',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ status_code: 415, detail: expect.any(String) });
    const big = await http.call('registerRoom', {
      uuid: visitor,
      body: { user_id: visitor, room_id: 'x'.repeat(20_000) },
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ status_code: 413, detail: expect.any(String) });
  });

  it('sends security headers: CSP scoped to its own host, no sniffing, no framing', async () => {
    const sent = await http.call('config');
    const csp = sent.headers.get('content-security-policy') ?? '';
    const host = new URL(running.url).host;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ws://${host} wss://${host}`);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('google');
    expect(sent.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sent.headers.get('x-frame-options')).toBe('DENY');
  });

  it('allows CORS only for CORS_ORIGINS', async () => {
    const preflight = (origin: string) =>
      http.send('OPTIONS', '/assistant/answer', {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,uuid,x-captcha-token',
        },
      });
    const allowed = await preflight('https://partner.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/uuid/);
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await http.call('config', {
      headers: { origin: 'https://evil.example' },
    });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each(['/', '/mne', '/en', '/mne/chats/new', '/en/chats/3f2a', '/mne/captcha'])(
    'serves the web app at %s (200, revalidated)',
    async (path) => {
      const sent = await http.send('GET', path, { headers: HTML });
      expect(sent.status).toBe(200);
      expect(sent.headers.get('content-type')).toMatch(/^text\/html/);
      expect(sent.headers.get('cache-control')).toBe('no-cache');
      expect(sent.text).toContain('<div id="root">');
    },
  );

  it('answers other page paths with the web app and status 404, so it shows its not-found page', async () => {
    const sent = await http.send('GET', '/no/such/page', { headers: HTML });
    expect(sent.status).toBe(404);
    expect(sent.text).toContain('<div id="root">');
  });

  it.each([
    ['/en/nonexistent', 404],
    ['/mne/chats/new/extra', 404],
    ['/de/chats/new', 404],
    ['/en/chats/new', 200],
    ['/mne/chats/3f1c7a52-9d0e-4b7e-8d1a-2b6c4f0e9a11', 200],
    ['/en/chats', 200],
    ['/en', 200],
    ['/mne/captcha', 200],
    ['/', 200],
  ])('answers the page %s with status %i', async (path, status) => {
    const sent = await http.send('GET', path, { headers: { accept: 'text/html' } });
    expect(sent.status).toBe(status);
    expect(sent.text).toContain('<div id="root">');
  });

  it('keeps API paths JSON even for a browser', async () => {
    const sent = await http.send('GET', '/assistant/whatever', { headers: HTML });
    expect(sent.status).toBe(404);
    expect(sent.body).toMatchObject({ status_code: 404 });
    const missingAsset = await http.send('GET', '/assets/gone-123.js', { headers: HTML });
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.body).toMatchObject({ status_code: 404 });
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await http.send('GET', '/assets/index-a1b2c3.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await http.send('GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('publishes OpenAPI generated from the route schemas at /docs', async () => {
    const page = await http.send('GET', '/docs', { headers: HTML });
    expect([200, 302]).toContain(page.status);
    const spec = await http.send('GET', '/docs/json');
    expect(spec.status).toBe(200);
    const doc = spec.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/user/create_uuid',
      '/assistant/threads',
      '/assistant/answer',
      '/assistant/threads/{id}/history',
      '/assistant/threads/{id}',
      '/assistant/threads/all',
      '/assistant/message/feedback',
      '/ws/register_to_room/',
      '/api/config',
      '/healthz',
      '/readyz',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/assistant/answer'])).toContain('question');
    const ui = await http.send('GET', '/docs/static/index.html', { headers: HTML });
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-security-policy')).not.toMatch(/upgrade-insecure-requests/);
  });
});

describe('without a built web app', () => {
  it('answers / with JSON 404', async () => {
    const running = await startTestApp({ webDir: join(tmpdir(), 'no-such-web-dir') });
    try {
      const sent = await httpClient(running.url).send('GET', '/', { headers: HTML });
      expect(sent.status).toBe(404);
      expect(sent.body).toMatchObject({ status_code: 404 });
    } finally {
      await running.close();
    }
  });
});

describe('CSP with a third-party captcha', () => {
  it('allows Google’s script and frame sources only when reCAPTCHA is configured', async () => {
    const running = await startTestApp({
      captcha: (logger) =>
        createRecaptchaCaptcha({
          secret: 's',
          siteKey: 'k',
          minScore: 0.5,
          verifyUrl: 'http://127.0.0.1:9/',
          logger,
        }),
    });
    try {
      const sent = await httpClient(running.url).send('GET', '/healthz');
      const csp = sent.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.google\.com\/recaptcha\//);
      expect(csp).toMatch(/frame-src https:\/\/www\.google\.com\/recaptcha\//);
    } finally {
      await running.close();
    }
  });
});
