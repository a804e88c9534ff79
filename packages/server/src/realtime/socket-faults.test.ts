import { newChatRoom, wsPath } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../hub/test/redis-server.js';
import type { RunningServer } from '../main.js';
import { createCluster, type Cluster } from '../scaled/test/cluster.js';
import { httpClient } from '../test/http-client.js';
import { openSocket } from '../test/socket-client.js';

/** What reaches the log at error level (with a stack) from socket faults, and plain HTTP on the socket route. */
describe('socket faults', () => {
  let cluster: Cluster;
  let server: RunningServer;
  const recorded = recordingLogger();
  const errors = () => recorded.lines.filter((line) => (line.level as number) >= 50);

  beforeAll(async () => {
    cluster = await createCluster({ privateRedis: true });
    server = await cluster.start(recorded.logger);
  });
  afterAll(() => cluster?.close());

  it('a plain GET on the socket route answers 426 with the JSON error body', async () => {
    const http = httpClient(server.url);
    const visitor = await http.createVisitor();
    const sent = await http.send('GET', wsPath(visitor, newChatRoom(visitor)));
    expect(sent.status).toBe(426);
    expect(sent.body).toEqual({ status_code: 426, detail: expect.stringMatching(/WebSocket/) });
  });

  it('bad client frames log no error each', async () => {
    const http = httpClient(server.url);
    const visitor = await http.createVisitor();
    const url = `${server.url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`;
    const before = errors().length;
    for (let i = 0; i < 5; i += 1) {
      const socket = openSocket(url);
      await socket.opened;
      // A text frame that is not UTF-8: ws refuses it and closes the socket (1007).
      socket.socket.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false });
      expect((await socket.closed).code).toBe(1007);
    }
    expect(errors().slice(before)).toEqual([]);
  });

  it('while Redis is down, socket attempts are refused with one warning for the outage, not an error each', async () => {
    const http = httpClient(server.url);
    const visitor = await http.createVisitor();
    const url = `${server.url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`;
    await cluster.redis!.kill();
    const before = recorded.lines.length;
    for (let i = 0; i < 10; i += 1) {
      const socket = openSocket(url);
      await socket.opened.catch(() => undefined);
      const closed = await socket.closed;
      expect(closed.code).toBe(1011);
    }
    const outage = recorded.lines.slice(before);
    expect(outage.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(
      outage.filter((line) => line.msg === 'realtime unavailable; sockets refused'),
    ).toHaveLength(1);
  });
});
