import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Pings every socket each interval; a socket that has not answered the previous ping is
 * dropped (its peer vanished without closing: a phone that lost signal, a dead proxy).
 */
export function startHeartbeat(server: WebSocketServer, intervalMs: number): () => void {
  const alive = new WeakMap<WebSocket, boolean>();
  const onConnection = (socket: WebSocket): void => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
  };
  server.on('connection', onConnection);
  const timer = setInterval(() => {
    for (const socket of server.clients) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('connection', onConnection);
  };
}
