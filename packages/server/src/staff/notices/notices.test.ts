import {
  STAFF_ENDPOINTS,
  type AnswerResponse,
  type AuditPage,
  type Notice,
  type PublicNotice,
} from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../store/test/databases.js';
import { httpClient } from '../../test/http-client.js';
import type { TestApp } from '../../test/start-app.js';
import { TEST_PASSWORD } from '../test/accounts.js';
import { startSampleStaffApp } from '../test/sample-app.js';
import type { StaffClient } from '../test/staff-client.js';

const HOUR = 3_600_000;
const STRIKE = {
  mne: 'Štrajk na aerodromu Podgorica <script>alert(1)</script> [klik](javascript:alert(1))',
  en: 'Strike at Podgorica airport <img src=x onerror=alert(1)> **today**',
};

describe.each(testDatabases())('notices on $name', (kind) => {
  let database: TestDatabase;
  let running: TestApp;
  let editor: StaffClient;
  let viewer: StaffClient;
  let admin: StaffClient;
  const clock = { now: Date.UTC(2026, 10, 23, 9) };
  let strikeId = '';

  const passengerAsks = async (question: string) => {
    const http = httpClient(running.url);
    const visitor = await http.createVisitor();
    const sent = await http.call('answer', {
      uuid: visitor,
      body: { question },
    });
    return (sent.body as AnswerResponse).all_messages.at(-1)?.content ?? '';
  };
  const publicNotices = async () =>
    (await httpClient(running.url).send('GET', '/api/notices')).body as PublicNotice[];

  beforeAll(async () => {
    database = await kind.open();
    const started = await startSampleStaffApp(database, clock, ['editor', 'viewer', 'admin']);
    running = started.running;
    ({ editor, viewer, admin } = started.as);
  });
  afterAll(async () => {
    await running.close();
    await database.cleanup();
  });

  const at = (offsetHours: number) => new Date(clock.now + offsetHours * HOUR).toISOString();

  it('lets an editor post a time-boxed notice in both languages; a viewer cannot; bad ones are refused', async () => {
    const json = { text: STRIKE, topics: ['cabin-baggage'], starts_at: at(-1), ends_at: at(2) };
    expect((await viewer.call(STAFF_ENDPOINTS.createNotice, { json })).status).toBe(403);
    const created = await editor.call(STAFF_ENDPOINTS.createNotice, { json });
    expect(created.status).toBe(200);
    const notice = created.body as Notice;
    strikeId = notice.id;
    expect(notice).toMatchObject({
      state: 'active',
      created_by: 'editor@airline.example',
      text: STRIKE,
    });
    const bad: unknown[] = [
      { ...json, ends_at: at(-2) },
      { ...json, topics: ['no-such-article'] },
      { ...json, text: { mne: 'samo jedan jezik' } },
      { ...json, text: { mne: ' ', en: 'x' } },
      { ...json, starts_at: 'tomorrow' },
      { ...json, text: { mne: 'x'.repeat(501), en: 'x' } },
    ];
    for (const body of bad) {
      expect(
        (await editor.call(STAFF_ENDPOINTS.createNotice, { json: body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    await editor.call(STAFF_ENDPOINTS.createNotice, {
      json: {
        text: { mne: 'Sjutra', en: 'Tomorrow' },
        topics: [],
        starts_at: at(20),
        ends_at: at(30),
      },
    });
    const all = (await viewer.call(STAFF_ENDPOINTS.notices)).body as Notice[];
    expect(all.map((n) => n.state).sort()).toEqual(['active', 'scheduled']);
  });

  it('shows passengers the active notices only, as plain text, without a visitor id', async () => {
    const shown = await publicNotices();
    expect(shown).toEqual([{ id: strikeId, text: STRIKE, starts_at: at(-1), ends_at: at(2) }]);
    expect(Object.keys(shown[0] ?? {})).not.toContain('topics');
  });

  it('adds the notice to answers citing its topics, inert, in the answer’s language; not to others', async () => {
    const en = await passengerAsks('How much can my cabin bag weigh?');
    expect(en).toContain('8 kg');
    expect(en).toContain('⚠️ Strike at Podgorica airport');
    expect(en).not.toMatch(/(?<!\\)<img/);
    expect(en).toContain('\\<img src=x onerror=alert\\(1\\)\\>');
    expect(en).toContain('\\*\\*today\\*\\*');
    const mne = await passengerAsks('Koliko kila smije biti ručni prtljag?');
    expect(mne).toContain('⚠️ Štrajk na aerodromu Podgorica');
    expect(mne).not.toMatch(/<script>|\]\(javascript/);
    const other = await passengerAsks('How much does it cost to bring my cat on board?');
    expect(other).not.toContain('Strike');
  });

  it('stops when it expires, is changed, or removed; every change is audited', async () => {
    clock.now += 3 * HOUR;
    // Sessions went idle meanwhile: sign in again.
    for (const [client, email] of [
      [editor, 'editor@airline.example'],
      [viewer, 'viewer@airline.example'],
      [admin, 'admin@airline.example'],
    ] as const) {
      await client.login(email, TEST_PASSWORD);
    }
    expect(await publicNotices()).toEqual([]);
    expect(await passengerAsks('How much can my cabin bag weigh?')).not.toContain('Strike');

    const updated = await editor.call(STAFF_ENDPOINTS.updateNotice, {
      params: { id: strikeId },
      json: { text: STRIKE, topics: ['pets-cabin'], starts_at: at(-1), ends_at: at(1) },
    });
    expect(updated.status, updated.text).toBe(200);
    expect((updated.body as Notice).state).toBe('active');
    expect(await passengerAsks('How much does it cost to bring my cat on board?')).toContain(
      'Strike',
    );
    const missing = await editor.call(STAFF_ENDPOINTS.updateNotice, {
      params: { id: 'nope' },
      json: { text: STRIKE, topics: [], starts_at: at(-1), ends_at: at(1) },
    });
    expect(missing.status).toBe(404);

    expect(
      (await viewer.call(STAFF_ENDPOINTS.deleteNotice, { params: { id: strikeId } })).status,
    ).toBe(403);
    expect(
      (await editor.call(STAFF_ENDPOINTS.deleteNotice, { params: { id: strikeId } })).status,
    ).toBe(200);
    expect(
      (await editor.call(STAFF_ENDPOINTS.deleteNotice, { params: { id: strikeId } })).status,
    ).toBe(404);
    expect(await publicNotices()).toEqual([]);

    const audit = (await admin.call(STAFF_ENDPOINTS.audit, { query: { limit: 10 } }))
      .body as AuditPage;
    expect(audit.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['notice.create', 'notice.update', 'notice.delete']),
    );
  });
});
