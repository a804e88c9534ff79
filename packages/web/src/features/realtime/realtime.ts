import {
  WS_CLOSE_FORBIDDEN,
  type ClientEvent,
  type RegisterRoomRequest,
  type ResumePoint,
} from '@supersteward/contract';

export interface RealtimeOptions {
  registerRoom: (body: RegisterRoomRequest) => Promise<unknown>;
  /** Absolute ws:// or wss:// URL of the socket of a visitor's room. */
  socketUrl: (userId: string, room: string) => string;
  onFrame: (frame: unknown) => void;
  onConnectionChange?: (connected: boolean) => void;
  /** Where the answer being streamed stands, asked for again after a reconnect. */
  getResume: () => ResumePoint | null;
  createSocket?: (url: string) => WebSocket;
  /** How long `subscribe` waits for the socket to open before letting the caller go on. */
  openTimeoutMs?: number;
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  pingIntervalMs?: number;
}

export interface Realtime {
  /** Closes any open socket, registers the room and connects; resolves once open (or timed out). */
  subscribe: (userId: string, room: string) => Promise<void>;
  close: () => void;
  /** The room currently listened to, or null. */
  readonly room: string | null;
}

const OPEN = 1;

export function createRealtime(options: RealtimeOptions): Realtime {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const openTimeoutMs = options.openTimeoutMs ?? 3000;
  const backoffInitialMs = options.backoffInitialMs ?? 500;
  const backoffMaxMs = options.backoffMaxMs ?? 15_000;
  const pingIntervalMs = options.pingIntervalMs ?? 25_000;

  let socket: WebSocket | null = null;
  let target: { userId: string; room: string } | null = null;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function send(event: ClientEvent) {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(event));
  }

  function drop() {
    clearTimeout(reconnectTimer);
    clearInterval(pingTimer);
    reconnectTimer = undefined;
    pingTimer = undefined;
    const old = socket;
    socket = null;
    if (old) {
      old.onopen = old.onclose = old.onerror = old.onmessage = null;
      if (old.readyState <= OPEN) old.close(1000);
    }
    options.onConnectionChange?.(false);
  }

  function connect(resuming: boolean): Promise<void> {
    const current = target;
    if (!current) return Promise.resolve();
    const url = options.socketUrl(current.userId, current.room);
    const ws = createSocket(url);
    socket = ws;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, openTimeoutMs);
      ws.onopen = () => {
        clearTimeout(timer);
        attempt = 0;
        options.onConnectionChange?.(true);
        if (resuming) {
          const point = options.getResume();
          if (point) send({ event: 'resume', data: point });
        }
        clearInterval(pingTimer);
        pingTimer = setInterval(() => send({ event: 'ping' }), pingIntervalMs);
        resolve();
      };
      ws.onmessage = (message: MessageEvent) => {
        if (typeof message.data !== 'string') return;
        let frame: unknown;
        try {
          frame = JSON.parse(message.data);
        } catch {
          return;
        }
        options.onFrame(frame);
      };
      ws.onerror = () => {
        console.error('Realtime connection error', { readyState: ws.readyState, url });
      };
      ws.onclose = (event: CloseEvent) => {
        clearTimeout(timer);
        resolve();
        if (socket !== ws) return;
        clearInterval(pingTimer);
        socket = null;
        options.onConnectionChange?.(false);
        if (event.code === WS_CLOSE_FORBIDDEN || target !== current) return;
        const delay = Math.min(backoffMaxMs, backoffInitialMs * 2 ** attempt);
        attempt += 1;
        // Jitter keeps a crowd of phones from reconnecting in the same instant after a restart.
        reconnectTimer = setTimeout(() => void connect(true), delay * (0.75 + Math.random() / 2));
      };
    });
  }

  return {
    async subscribe(userId, room) {
      drop();
      const current = { userId, room };
      target = current;
      attempt = 0;
      try {
        await options.registerRoom({ user_id: userId, room_id: room });
      } catch (error) {
        console.error('Realtime room registration failed', { room, error });
      }
      if (target !== current) return;
      await connect(false);
    },
    close() {
      target = null;
      drop();
    },
    get room() {
      return target?.room ?? null;
    },
  };
}

/** ws(s)://host/ws/{uuid}/room/{room} on the page's own origin. */
export function sameOriginSocketUrl(path: string, location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${path}`;
}
