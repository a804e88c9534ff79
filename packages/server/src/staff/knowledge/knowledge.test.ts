import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  STAFF_ENDPOINTS,
  type AnswerResponse,
  type ArticleBothLanguages,
  type AuditPage,
  type CheckReport,
  type ExportResponse,
  type KnowledgeState,
  type KnowledgeVersion,
  type KnowledgeVersionDetail,
  type PublishRefusedBody,
  type PublishResponse,
  type RegressionQuestion,
  type TryResponse,
  type ValidateResponse,
} from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../main.js';
import { httpClient } from '../../test/http-client.js';
import { TEST_PASSWORD } from '../test/accounts.js';
import { staffClient, type StaffClient } from '../test/staff-client.js';
import { staffWorld, type StaffWorld } from '../test/staff-server.js';

const CAT_EN = 'How much does it cost to bring my cat on board?';

describe.each(['sqlite', 'postgres'] as const)('knowledge base editor on %s', (kind) => {
  let world: StaffWorld;
  let server: RunningServer;
  let viewer: StaffClient;
  let editor: StaffClient;
  let admin: StaffClient;
  let mnePets = '';
  let enPets = '';

  const passengerAsks = async (question: string) => {
    const http = httpClient(server.url);
    const visitor = await http.createVisitor();
    const sent = await http.call('answer', {
      uuid: visitor,
      body: { question },
    });
    return (sent.body as AnswerResponse).all_messages.at(-1)?.content ?? '';
  };
  const signIn = async (email: string) => {
    const client = staffClient(server.url);
    expect((await client.login(email, TEST_PASSWORD)).status).toBe(200);
    return client;
  };

  beforeAll(async () => {
    world = await staffWorld(kind);
    server = await world.start();
    await world.accounts([
      ['viewer@airline.example', 'viewer'],
      ['editor@airline.example', 'editor'],
      ['admin@airline.example', 'admin'],
    ]);
    viewer = await signIn('viewer@airline.example');
    editor = await signIn('editor@airline.example');
    admin = await signIn('admin@airline.example');
    mnePets = await readFile(join(world.knowledgeDir, 'mne', 'pets-cabin.md'), 'utf8');
    enPets = await readFile(join(world.knowledgeDir, 'en', 'pets-cabin.md'), 'utf8');
  });
  afterAll(() => world.cleanup());

  it('shows the knowledge base seeded from KNOWLEDGE_DIR, each article in both languages', async () => {
    const state = (await viewer.call(STAFF_ENDPOINTS.knowledge)).body as KnowledgeState;
    expect(state.version).toBe(0);
    const pets = state.articles.find((a) => a.id === 'pets-cabin');
    expect(pets?.mne?.title).toBeTruthy();
    expect(pets?.en?.title).toMatch(/cabin/i);
    const article = (await viewer.call(STAFF_ENDPOINTS.article, { params: { id: 'pets-cabin' } }))
      .body as ArticleBothLanguages;
    expect(article.mne?.markdown).toBe(mnePets);
    expect(article.en?.markdown).toBe(enPets);
    expect(article.en).toMatchObject({ version: 0, updated_by: null });
    expect((await viewer.call(STAFF_ENDPOINTS.article, { params: { id: 'no-such' } })).status).toBe(
      404,
    );
    expect((await viewer.call(STAFF_ENDPOINTS.article, { params: { id: 'Bad_Id' } })).status).toBe(
      400,
    );
  });

  it('validates an article as the loader does, without saving it', async () => {
    const good = (
      await viewer.call(STAFF_ENDPOINTS.validate, {
        json: { id: 'pets-cabin', language: 'en', markdown: enPets },
      })
    ).body as ValidateResponse;
    expect(good.ok).toBe(true);
    expect(good.article?.sections.length).toBeGreaterThan(2);
    const cases: [string, RegExp][] = [
      ['no front matter here\n\n## A\n\ntext', /front matter/],
      [enPets.replace('id: pets-cabin', 'id: pets-hold'), /"id" is pets-hold/],
      [enPets.replace('lang: en', 'lang: mne'), /folder/],
      [`${enPets}\n## Empty\n`, /section "Empty" is empty/],
    ];
    for (const [markdown, reason] of cases) {
      const sent = (
        await viewer.call(STAFF_ENDPOINTS.validate, {
          json: { id: 'pets-cabin', language: 'en', markdown },
        })
      ).body as ValidateResponse;
      expect(sent.ok).toBe(false);
      expect(sent.error).toMatch(/en\/pets-cabin\.md/);
      expect(sent.error).toMatch(reason);
    }
  });

  it('tries a question against the published and the draft knowledge base, with the trace', async () => {
    const published = (
      await viewer.call(STAFF_ENDPOINTS.tryQuestion, {
        json: { question: CAT_EN, language: 'en' },
      })
    ).body as TryResponse;
    expect(published).toMatchObject({
      outcome: 'answered',
      language: 'en',
      knowledge: 'published',
    });
    expect(published.answer).toMatch(/EUR 30/);
    expect(published.trace?.candidates[0]?.passage).toMatch(/^pets-cabin#/);
    const draft = (
      await viewer.call(STAFF_ENDPOINTS.tryQuestion, {
        json: {
          question: CAT_EN,
          language: 'en',
          changes: [
            { id: 'pets-cabin', language: 'en', markdown: enPets.replaceAll('EUR 30', 'EUR 35') },
          ],
        },
      })
    ).body as TryResponse;
    expect(draft.knowledge).toBe('draft');
    expect(draft.answer).toMatch(/EUR 35/);
    const broken = await viewer.call(STAFF_ENDPOINTS.tryQuestion, {
      json: {
        question: CAT_EN,
        changes: [{ id: 'pets-cabin', language: 'en', markdown: 'nonsense' }],
      },
    });
    expect(broken.status).toBe(422);
  });

  it('lets an editor mark a question "must stay right"; a viewer cannot', async () => {
    expect(
      (await viewer.call(STAFF_ENDPOINTS.pin, { json: { question: CAT_EN, language: 'en' } }))
        .status,
    ).toBe(403);
    const sent = await editor.call(STAFF_ENDPOINTS.pin, {
      json: { question: CAT_EN, language: 'en', note: 'fee must stay right' },
    });
    expect(sent.status).toBe(200);
    const pinned = sent.body as RegressionQuestion;
    expect(pinned).toMatchObject({
      source: 'pinned',
      article_id: 'pets-cabin',
      pinned_by: 'editor@airline.example',
    });
    expect(pinned.expect).toEqual(expect.arrayContaining(['source:pets-cabin', 'eur:30']));
    const small = await editor.call(STAFF_ENDPOINTS.pin, { json: { question: 'Zdravo' } });
    expect(small.status).toBe(422);
    const list = (await viewer.call(STAFF_ENDPOINTS.regression)).body as RegressionQuestion[];
    const sources = new Set(list.map((q) => q.source));
    expect(sources).toEqual(new Set(['eval', 'sample', 'pinned']));
    expect(list.some((q) => q.id === 'eval:dev-04')).toBe(true);
  });

  it('refuses a publish that breaks answers that passed, listing them; a viewer and an editor cannot override', async () => {
    const changes = [
      {
        id: 'pets-cabin',
        language: 'mne' as const,
        markdown: mnePets.replaceAll('30 EUR', '35 EUR'),
      },
      {
        id: 'pets-cabin',
        language: 'en' as const,
        markdown: enPets.replaceAll('EUR 30', 'EUR 35'),
      },
    ];
    const check = (await editor.call(STAFF_ENDPOINTS.check, { json: { changes } }))
      .body as CheckReport;
    expect(check.publishable).toBe(false);
    const brokenIds = check.broken.map((b) => b.question.id);
    expect(brokenIds).toContain('eval:dev-04');
    expect(check.broken.find((b) => b.question.source === 'pinned')?.failures).toContain('eur:30');
    expect(check.passed_before).toBeGreaterThan(check.passed_after);

    expect(
      (await viewer.call(STAFF_ENDPOINTS.publish, { json: { changes, summary: 'fee 35' } })).status,
    ).toBe(403);
    const refused = await editor.call(STAFF_ENDPOINTS.publish, {
      json: { changes, summary: 'fee 35' },
    });
    expect(refused.status).toBe(409);
    const body = refused.body as PublishRefusedBody;
    expect(body.check.broken.map((b) => b.question.id)).toEqual(brokenIds);
    expect(body.check.broken[0]?.answer_after).toBeTruthy();
    const override = await editor.call(STAFF_ENDPOINTS.publish, {
      json: { changes, summary: 'fee 35', override_reason: 'The fee really changed on 1 March' },
    });
    expect(override.status).toBe(403);
    expect(((await viewer.call(STAFF_ENDPOINTS.knowledge)).body as KnowledgeState).version).toBe(0);
    expect(await passengerAsks(CAT_EN)).toMatch(/EUR 30/);
  });

  it('publishes a fixed edit at once to passengers; an admin may override with a reason, audited', async () => {
    // The fix: leave the fee alone, add a sentence.
    const fixed = `${enPets.trimEnd()}\n\n## Booking a pet in the cabin\n\nBook the pet in the cabin at least 48 hours before departure.\n`;
    expect(fixed).not.toBe(enPets);
    const published = await editor.call(STAFF_ENDPOINTS.publish, {
      json: {
        changes: [{ id: 'pets-cabin', language: 'en', markdown: fixed }],
        summary: 'Booking notice for pets',
      },
    });
    expect(published.status).toBe(200);
    const first = published.body as PublishResponse;
    expect(first.version).toMatchObject({
      version: 1,
      published_by: 'editor@airline.example',
      summary: 'Booking notice for pets',
      override_reason: null,
      files: [{ id: 'pets-cabin', language: 'en', action: 'changed' }],
    });
    expect(first.check.broken).toEqual([]);

    const changes = [
      {
        id: 'pets-cabin',
        language: 'mne' as const,
        markdown: mnePets.replaceAll('30 EUR', '35 EUR'),
      },
      { id: 'pets-cabin', language: 'en' as const, markdown: fixed.replaceAll('EUR 30', 'EUR 35') },
    ];
    const tooShort = await admin.call(STAFF_ENDPOINTS.publish, {
      json: { changes, summary: 'fee 35', override_reason: 'because' },
    });
    expect(tooShort.status).toBe(400);
    const overridden = await admin.call(STAFF_ENDPOINTS.publish, {
      json: { changes, summary: 'fee 35', override_reason: 'The fee really changed on 1 March' },
    });
    expect(overridden.status).toBe(200);
    const second = (overridden.body as PublishResponse).version;
    expect(second).toMatchObject({
      version: 2,
      override_reason: 'The fee really changed on 1 March',
      check: expect.objectContaining({ broken: expect.any(Number) }),
    });
    expect(second.check?.broken).toBeGreaterThan(0);
    expect(await passengerAsks(CAT_EN)).toMatch(/EUR 35/);
    expect(await passengerAsks('Koliko košta prevoz mačke u kabini do Beograda?')).toMatch(
      /35 EUR/,
    );

    const audit = (await admin.call(STAFF_ENDPOINTS.audit, { query: { limit: 10 } }))
      .body as AuditPage;
    const actions = audit.entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['kb.publish.override', 'kb.publish', 'kb.publish.refused', 'kb.pin']),
    );
    const entry = audit.entries.find((e) => e.action === 'kb.publish.override');
    expect(entry).toMatchObject({
      actor_email: 'admin@airline.example',
      target: 'mne/pets-cabin, en/pets-cabin',
    });
    expect(entry?.detail).toMatchObject({
      version: 2,
      override_reason: 'The fee really changed on 1 March',
    });
  });

  it('keeps every version: history, diff, and a restore that is checked like a publish', async () => {
    const versions = (await viewer.call(STAFF_ENDPOINTS.versions)).body as KnowledgeVersion[];
    expect(versions.map((v) => v.version)).toEqual([2, 1, 0]);
    expect(versions[2]).toMatchObject({
      published_by: null,
      summary: expect.stringMatching(/KNOWLEDGE_DIR/),
    });
    const detail = (await viewer.call(STAFF_ENDPOINTS.version, { params: { version: 2 } }))
      .body as KnowledgeVersionDetail;
    const en = detail.files.find((f) => f.language === 'en');
    expect(en?.diff).toMatch(/^-.*EUR 30/m);
    expect(en?.diff).toMatch(/^\+.*EUR 35/m);
    expect(en?.before).toMatch(/48 hours/);
    expect((await viewer.call(STAFF_ENDPOINTS.version, { params: { version: 9 } })).status).toBe(
      404,
    );
    expect((await viewer.call(STAFF_ENDPOINTS.version, { params: { version: 'x' } })).status).toBe(
      400,
    );

    expect(
      (await viewer.call(STAFF_ENDPOINTS.restore, { params: { version: 1 }, json: {} })).status,
    ).toBe(403);
    const restored = await editor.call(STAFF_ENDPOINTS.restore, {
      params: { version: 1 },
      json: {},
    });
    expect(restored.status).toBe(200);
    expect((restored.body as PublishResponse).version).toMatchObject({
      version: 3,
      restored_from: 1,
      summary: 'Restored version 1',
    });
    expect(await passengerAsks(CAT_EN)).toMatch(/EUR 30/);
    const article = (await viewer.call(STAFF_ENDPOINTS.article, { params: { id: 'pets-cabin' } }))
      .body as ArticleBothLanguages;
    expect(article.en?.markdown).toMatch(/48 hours/);
    expect(article.mne?.markdown).toBe(mnePets);
    expect(article.en).toMatchObject({ version: 3, updated_by: 'editor@airline.example' });
    expect(
      (await editor.call(STAFF_ENDPOINTS.restore, { params: { version: 3 }, json: {} })).status,
    ).toBe(400);
  });

  it('refuses malformed or empty edits with the reason, changing nothing', async () => {
    const bad = await editor.call(STAFF_ENDPOINTS.publish, {
      json: {
        changes: [
          {
            id: 'pets-cabin',
            language: 'en',
            markdown: '---\nid: pets-cabin\nlang: en\n---\nno title',
          },
        ],
        summary: 'x',
      },
    });
    expect(bad.status).toBe(422);
    expect((bad.body as { detail: string }).detail).toMatch(/en\/pets-cabin\.md: missing "title"/);
    const same = await editor.call(STAFF_ENDPOINTS.publish, {
      json: {
        changes: [
          {
            id: 'contact',
            language: 'en',
            markdown: await readFile(join(world.knowledgeDir, 'en', 'contact.md'), 'utf8'),
          },
        ],
        summary: 'x',
      },
    });
    expect(same.status).toBe(400);
    const twice = await editor.call(STAFF_ENDPOINTS.check, {
      json: {
        changes: [
          { id: 'contact', language: 'en', markdown: null },
          { id: 'contact', language: 'en', markdown: null },
        ],
      },
    });
    expect(twice.status).toBe(400);
    const extra = await editor.call(STAFF_ENDPOINTS.publish, {
      json: { changes: [], summary: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(((await viewer.call(STAFF_ENDPOINTS.knowledge)).body as KnowledgeState).version).toBe(3);
  });

  it('adds and removes articles; exports the published files; survives a restart; ignores folder edits once edited here', async () => {
    const newArticle = [
      '---',
      'id: travel-insurance',
      'lang: en',
      'title: Travel insurance',
      'questions:',
      '  - Do you sell travel insurance?',
      '---',
      '',
      '# Travel insurance',
      '',
      '## Travel insurance is not sold by Lovćen Air',
      '',
      'Lovćen Air does not sell travel insurance. Buy travel insurance from an insurer before you fly.',
      '',
    ].join('\n');
    const added = await editor.call(STAFF_ENDPOINTS.publish, {
      json: {
        changes: [{ id: 'travel-insurance', language: 'en', markdown: newArticle }],
        summary: 'Insurance',
      },
    });
    expect(added.status).toBe(200);
    const check = (added.body as PublishResponse).check;
    expect(check.fixed.map((f) => f.question.question)).toContain('Do you sell travel insurance?');
    expect(await passengerAsks('Do you sell travel insurance?')).toMatch(
      /does not sell travel insurance/,
    );

    const exported = (await viewer.call(STAFF_ENDPOINTS.exportFiles)).body as ExportResponse;
    expect(exported.version).toBe(4);
    expect(exported.files.find((f) => f.path === 'en/travel-insurance.md')?.content).toBe(
      newArticle,
    );
    expect(exported.files.some((f) => f.path === 'mne/_lexicon.yaml')).toBe(true);

    // A folder edit after the console was used is not taken.
    await writeFile(join(world.knowledgeDir, 'en', 'contact.md'), 'broken on purpose');
    await server.close();
    server = await world.start();
    viewer = await signIn('viewer@airline.example');
    editor = await signIn('editor@airline.example');
    expect(((await viewer.call(STAFF_ENDPOINTS.knowledge)).body as KnowledgeState).version).toBe(4);
    expect(await passengerAsks('Do you sell travel insurance?')).toMatch(
      /does not sell travel insurance/,
    );

    const removed = await editor.call(STAFF_ENDPOINTS.publish, {
      json: {
        changes: [{ id: 'travel-insurance', language: 'en', markdown: null }],
        summary: 'Remove insurance',
      },
    });
    expect(removed.status).toBe(200);
    expect((removed.body as PublishResponse).version.files).toEqual([
      { id: 'travel-insurance', language: 'en', action: 'removed' },
    ]);
    const gone = await viewer.call(STAFF_ENDPOINTS.article, { params: { id: 'travel-insurance' } });
    expect(gone.status).toBe(404);
    // Two restarts of the app: slow on a loaded machine.
  }, 60_000);
});
