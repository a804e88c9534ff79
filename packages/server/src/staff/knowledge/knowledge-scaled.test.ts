import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  STAFF_ENDPOINTS,
  type AnswerResponse,
  type KnowledgeState,
  type StaffSession,
} from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../main.js';
import { httpClient } from '../../test/http-client.js';
import { TEST_PASSWORD } from '../test/accounts.js';
import { staffClient } from '../test/staff-client.js';
import { staffWorld, type StaffWorld } from '../test/staff-server.js';

const CAT_EN = 'How much does it cost to bring my cat on board?';

/** Two instances of the real composition sharing PostgreSQL and Redis. */
describe('the staff console on two instances sharing PostgreSQL and Redis', () => {
  let world: StaffWorld;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    world = await staffWorld('postgres', {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `sstest${randomBytes(4).toString('hex')}:`,
    });
    // Started together on an empty schema: both seed the knowledge base at once, one wins.
    [a, b] = await Promise.all([world.start(), world.start()]);
    await world.accounts([['editor@airline.example', 'editor']]);
  });
  afterAll(() => world.cleanup());

  const passengerAsks = async (server: RunningServer, question: string) => {
    const http = httpClient(server.url);
    const visitor = await http.createVisitor();
    const sent = await http.call('answer', {
      uuid: visitor,
      body: { question },
    });
    return (sent.body as AnswerResponse).all_messages.at(-1)?.content ?? '';
  };

  it('serves a session signed in on one instance on the other', async () => {
    const onA = staffClient(a.url);
    expect((await onA.login('editor@airline.example', TEST_PASSWORD)).status).toBe(200);
    const onB = staffClient(b.url);
    onB.state.cookie = onA.state.cookie;
    onB.state.csrf = onA.state.csrf;
    const me = await onB.call(STAFF_ENDPOINTS.me);
    expect((me.body as StaffSession).user.email).toBe('editor@airline.example');
    const out = await onB.call(STAFF_ENDPOINTS.logout);
    expect(out.status).toBe(200);
    expect((await onA.call(STAFF_ENDPOINTS.me)).status).toBe(401);
  });

  it('a publish on one instance reaches passengers on the other without a restart', async () => {
    expect(await passengerAsks(b, CAT_EN)).toMatch(/EUR 30/);
    const editor = staffClient(a.url);
    await editor.login('editor@airline.example', TEST_PASSWORD);
    const enPets = await readFile(join(world.knowledgeDir, 'en', 'pets-cabin.md'), 'utf8');
    // A rule the sample does not hold, so only the published text can answer it.
    const sentence =
      'A pet in the cabin may drink water from a spill-proof bowl during the flight.';
    const published = await editor.call(STAFF_ENDPOINTS.publish, {
      json: {
        changes: [
          {
            id: 'pets-cabin',
            language: 'en',
            markdown: `${enPets.trimEnd()}\n\n## Water for a pet in the cabin: a spill-proof bowl\n\n${sentence}\n`,
          },
        ],
        summary: 'Water bowls for pets in the cabin',
      },
    });
    expect(published.status).toBe(200);

    const question = 'Can my pet in the cabin drink water from a bowl during the flight?';
    const deadline = Date.now() + 10_000;
    let answer = '';
    while (Date.now() < deadline) {
      answer = await passengerAsks(b, question);
      if (answer.includes(sentence)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer).toContain(sentence);
    const onB = staffClient(b.url);
    await onB.login('editor@airline.example', TEST_PASSWORD);
    expect(((await onB.call(STAFF_ENDPOINTS.knowledge)).body as KnowledgeState).version).toBe(1);
  });
});
