import type { ServerEvent } from '@supersteward/contract';
import { WebSocket } from 'ws';

export interface TestSocket {
  socket: WebSocket;
  /** Every frame received so far, parsed. */
  frames: ServerEvent[];
  /** Resolves on open, rejects when the handshake is refused. */
  opened: Promise<void>;
  /** The close code and reason, when the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first frame (already received or later) that matches. */
  waitFor(match: (frame: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  send(data: string | Buffer): void;
  close(): void;
}

/** A WebSocket client that records frames, for the realtime tests. */
export function openSocket(url: string, options: { origin?: string } = {}): TestSocket {
  const socket = new WebSocket(url, options.origin ? { origin: options.origin } : {});
  const frames: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    // ws's default binaryType: a message is one Buffer.
    frames.push(JSON.parse((data as Buffer).toString('utf8')) as ServerEvent);
    for (const wake of waiters) wake();
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`handshake refused: ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return {
    socket,
    frames,
    opened,
    closed,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = frames.find(match);
          if (!found) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`),
          );
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    send: (data) => socket.send(data),
    close: () => socket.close(),
  };
}
