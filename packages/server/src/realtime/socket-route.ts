import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import {
  ClientEvent,
  WS_CLOSE_FORBIDDEN,
  WS_MAX_PAYLOAD,
  type ServerEvent,
} from '@supersteward/contract';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/api-error.js';
import type { App } from '../http/app-types.js';
import { isUuid } from '../http/visitor.js';
import { startHeartbeat } from './heartbeat.js';
import { RoomSession } from './room-session.js';
import { isOwnRoom } from './rooms.js';

const clientEvent = TypeCompiler.Compile(ClientEvent);
const CLOSE_GOING_AWAY = 1001;
/** How long a client has to answer the server's closing handshake at shutdown. */
const CLOSE_HANDSHAKE_MS = 250;
const CLOSE_INTERNAL_ERROR = 1011;

/**
 * A browser's handshake always carries Origin: it must be this app's own origin (same host) or
 * one of CORS_ORIGINS, so another site cannot open sockets with a visitor's id. Non-browser
 * clients send no Origin and are judged by the room rule alone.
 */
function originAllowed(request: FastifyRequest, corsOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** Connections holding back their frames until the current tick's work is done. */
const corked = new WeakSet<Duplex>();

/**
 * Frames sent to one socket in the same tick go out in one write: an answer's pieces are
 * produced together (unpaced, or several due at once), and a write per frame was a system call
 * per word (the largest single cost of streaming 1,000 answers at once). The connection is
 * uncorked once the tick's promise jobs have run, so a frame waits at most for the work that
 * produced it and the frames after it in the same turn.
 */
function holdForTick(socket: WebSocket): void {
  // ws keeps its connection here; it has no public cork.
  const connection = (socket as unknown as { _socket?: Duplex })._socket;
  if (!connection || corked.has(connection)) return;
  corked.add(connection);
  connection.cork();
  process.nextTick(() => {
    corked.delete(connection);
    connection.uncork();
  });
}

function send(socket: WebSocket, event: ServerEvent): void {
  if (socket.readyState !== socket.OPEN) return;
  holdForTick(socket);
  socket.send(JSON.stringify(event));
}

/** Parses one client frame; answers a bad one with an `error` event and keeps the socket. */
function readFrame(socket: WebSocket, data: RawData, isBinary: boolean): ClientEvent | undefined {
  if (isBinary) {
    send(socket, { event: 'error', data: 'binary frames are not accepted' });
    return undefined;
  }
  let parsed: unknown;
  try {
    // ws's default binaryType: a message is one Buffer.
    parsed = JSON.parse((data as Buffer).toString('utf8'));
  } catch {
    send(socket, { event: 'error', data: 'frame is not JSON' });
    return undefined;
  }
  if (!clientEvent.Check(parsed)) {
    send(socket, {
      event: 'error',
      data: 'unknown frame: send {"event":"ping"} or {"event":"resume","data":{"message_id","seq"}}',
    });
    return undefined;
  }
  return parsed;
}

/**
 * GET /ws/:uuid/room/:room. The visitor must exist and the room must be its own, else the socket
 * is closed with 4403. Frames of the room come through the hub; a client may `resume` an answer.
 */
export async function registerSocketRoute(app: App, deps: AppDeps): Promise<void> {
  const { store, hub, settings } = deps;
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD },
    errorHandler(error, socket, request) {
      // A client's broken frame (bad UTF-8, reserved opcode, too large): ws has already closed
      // the socket with the right code. The client's fault, not the server's: no stack.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.debug({ code }, 'bad client frame; socket closed');
        return;
      }
      request.log.error({ err: error }, 'socket failed');
      socket.close(CLOSE_INTERNAL_ERROR, 'internal error');
    },
    preClose(done) {
      const server = this.websocketServer;
      for (const client of server.clients) client.close(CLOSE_GOING_AWAY, 'server shutting down');
      // The server's close waits for every client to answer the closing handshake, and ws gives
      // a silent one (a frozen tab, a lost network) 30 s: those are cut off instead.
      const cut = setTimeout(() => {
        for (const client of server.clients) client.terminate();
      }, CLOSE_HANDSHAKE_MS);
      server.close(() => {
        clearTimeout(cut);
        done();
      });
    },
  });
  const stopHeartbeat = startHeartbeat(app.websocketServer, settings.wsPingIntervalMs);
  app.addHook('onClose', (_instance, done) => {
    stopHeartbeat();
    done();
  });

  // Realtime lost (Redis down): one warning per outage, not one per socket attempt.
  let realtimeDown = false;

  app.route({
    method: 'GET',
    url: '/ws/:uuid/room/:room',
    schema: {
      summary: 'Realtime frames of a room (WebSocket; a plain request is answered 426)',
      tags: ['realtime'],
    },
    // Fastify takes a hook as async or as taking a `done` callback: async, with nothing to await.
    // eslint-disable-next-line @typescript-eslint/require-await
    onRequest: async (request) => {
      if (!originAllowed(request, settings.corsOrigins))
        throw new ApiError(403, 'Origin not allowed');
    },
    handler: async (_request, reply) => {
      void reply.header('upgrade', 'websocket');
      throw new ApiError(
        426,
        'This path is a WebSocket: open it with a WebSocket client (Upgrade: websocket)',
      );
    },
    wsHandler: async (socket, request) => {
      const { uuid, room } = request.params as { uuid: string; room: string };
      // Frames may arrive while the room is checked: keep them until the session exists.
      const state: { session?: RoomSession } = {};
      const early: Array<[RawData, boolean]> = [];
      const onFrame = (data: RawData, isBinary: boolean): void => {
        const frame = readFrame(socket, data, isBinary);
        if (frame?.event === 'resume' && state.session) {
          state.session.resume(frame.data.message_id, frame.data.seq).catch((error: unknown) => {
            request.log.warn({ err: error }, 'resume failed');
            send(socket, { event: 'error', data: 'resume failed' });
          });
        }
      };
      socket.on('message', (data, isBinary) => {
        if (state.session) onFrame(data, isBinary);
        else early.push([data, isBinary]);
      });

      const visitorId = isUuid(uuid) ? uuid.toLowerCase() : undefined;
      const allowed =
        visitorId !== undefined &&
        (await store.userExists(visitorId)) &&
        (await isOwnRoom(store, visitorId, room));
      if (!allowed) {
        socket.close(WS_CLOSE_FORBIDDEN, 'not your room');
        return;
      }

      const current = new RoomSession(
        (event) => send(socket, event),
        (messageId, afterSeq) => hub.replay(room, messageId, afterSeq),
      );
      let unsubscribe: () => Promise<void>;
      try {
        unsubscribe = await hub.subscribe(room, (event) => current.deliver(event));
      } catch (error) {
        if (!realtimeDown)
          request.log.warn({ err: error }, 'realtime unavailable; sockets refused');
        realtimeDown = true;
        socket.close(CLOSE_INTERNAL_ERROR, 'realtime unavailable; the answer still comes by HTTP');
        return;
      }
      if (realtimeDown) request.log.info('realtime available again');
      realtimeDown = false;
      const stop = (): void => {
        unsubscribe().catch((error: unknown) =>
          request.log.warn({ err: error }, 'unsubscribe failed'),
        );
      };
      if (socket.readyState !== socket.OPEN) {
        stop();
        return;
      }
      socket.once('close', stop);
      state.session = current;
      for (const [data, isBinary] of early.splice(0)) onFrame(data, isBinary);
    },
  });
}
