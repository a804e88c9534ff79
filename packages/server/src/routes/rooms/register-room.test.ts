import { randomUUID } from 'node:crypto';
import { newChatRoom, type AnswerResponse } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../test/http-client.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

describe('POST /ws/register_to_room/', () => {
  let running: TestApp;
  let http: HttpClient;
  beforeAll(async () => {
    running = await startTestApp();
    http = httpClient(running.url);
  });
  afterAll(() => running.close());

  it('confirms the visitor’s newchat room and its threads’ rooms', async () => {
    const visitor = await http.createVisitor();
    const thread = (
      (
        await http.call('answer', {
          uuid: visitor,
          body: { question: 'Hi there' },
        })
      ).body as AnswerResponse
    ).thread_id;
    for (const room_id of [newChatRoom(visitor), thread]) {
      const sent = await http.call('registerRoom', {
        uuid: visitor,
        body: { user_id: visitor, room_id },
      });
      expect(sent).toMatchObject({ status: 200, body: { room_id } });
    }
  });

  it.each<[string, (v: string) => unknown, number]>([
    ['a thread that does not exist', (v) => ({ user_id: v, room_id: randomUUID() }), 403],
    [
      'someone else’s newchat room',
      (v) => ({ user_id: v, room_id: newChatRoom(randomUUID()) }),
      403,
    ],
    ['a user_id that is not the header’s', () => ({ user_id: randomUUID(), room_id: 'x' }), 403],
    ['a missing room_id', (v) => ({ user_id: v }), 400],
    ['an extra field', (v) => ({ user_id: v, room_id: newChatRoom(v), admin: 1 }), 400],
  ])('refuses %s', async (_name, body, status) => {
    const visitor = await http.createVisitor();
    const sent = await http.send('POST', '/ws/register_to_room/', {
      uuid: visitor,
      json: body(visitor),
    });
    expect(sent.status).toBe(status);
    expect(sent.body).toEqual({ status_code: status, detail: expect.any(String) });
  });

  it('refuses an unknown visitor with 404', async () => {
    const id = randomUUID();
    const sent = await http.call('registerRoom', {
      uuid: id,
      body: { user_id: id, room_id: newChatRoom(id) },
    });
    expect(sent.body).toMatchObject({ status_code: 404 });
  });
});
