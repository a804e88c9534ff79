import { setTimeout as sleep } from 'node:timers/promises';
import { newChatRoom, wsPath } from '@supersteward/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { PrivateRedis } from '../../packages/server/src/hub/test/redis-server.js';
import { openSocket } from '../../packages/server/src/test/socket-client.js';
import { LOAD_LIMITS, startLoad } from '../support/load.js';
import { rawRequest } from '../support/raw-http.js';
import { eventually, expectEveryAnsweredQuestionStored } from '../support/stored.js';
import { startTarget, type Target } from '../support/target.js';
import { client } from '../support/visitors.js';

describe('Redis killed and restarted under load (a private redis-server)', () => {
  let redis: PrivateRedis | undefined;
  let target: Target | undefined;
  afterAll(async () => {
    await target?.close();
    await redis?.kill();
  });

  it('keeps answering over HTTP, /readyz names what is down, and it recovers without a restart', async () => {
    redis = await PrivateRedis.start();
    target = await startTarget({
      postgres: true,
      env: {
        ...LOAD_LIMITS,
        ANSWER_PIECE_DELAY_MS: '12',
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: 'ssrobust:',
      },
    });
    const { url } = target;
    const readyz = () => rawRequest(url, { method: 'GET', path: '/readyz' });
    expect((await readyz()).status).toBe(200);

    const load = startLoad(() => url, { visitors: 6 });
    await sleep(2_000);
    await redis.kill();
    const answeredBefore = load.result.answered.length;
    let down: Record<string, string> = {};
    const noticed = await eventually('/readyz says Redis is down', async () => {
      const sent = await readyz();
      down = (sent.body as { checks?: Record<string, string> }).checks ?? {};
      return sent.status === 503;
    });
    expect(down['hub']).not.toBe('ok');
    expect(down['quota']).not.toBe('ok');
    expect(down['store']).toBe('ok');
    await sleep(3_000);
    const answeredDuringOutage = load.result.answered.length - answeredBefore;

    await redis.start();
    const recovered = await eventually(
      '/readyz is ready again',
      async () => (await readyz()).status === 200,
    );
    await sleep(2_000);
    const { answered, statuses, failures } = await load.stop();

    // Realtime is back too: a new visitor's answer streams to its socket again.
    const http = client(url);
    const visitor = await http.createVisitor();
    const socket = openSocket(
      `${url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`,
    );
    await socket.opened;
    const asked = await http.ask(visitor, 'Can I take my cat in the cabin?');
    const done = await socket.waitFor((frame) => frame.event === 'message:done', 10_000);
    expect(done.event === 'message:done' && done.data.content).toBe(asked.all_messages[1]!.content);
    socket.close();

    expect(failures).toEqual([]);
    expect([...statuses.keys()]).toEqual([200]);
    expect(answeredDuringOutage).toBeGreaterThan(0);
    await expectEveryAnsweredQuestionStored(target.database, answered);
    console.info(
      `[robustness] Redis killed under load: ${answered.length} answered (${answeredDuringOutage} during the outage), 0 errors; /readyz 503 after ${noticed} ms (${JSON.stringify(down)}), ready ${recovered} ms after the restart`,
    );
  });
});
