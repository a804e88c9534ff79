import { readFileSync } from 'node:fs';
import {
  InvalidValue,
  oneOf,
  optionalSetting,
  setting,
  text,
  wholeNumber,
} from '../settings/setting.js';

export type TrustProxy = boolean | number | string[];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function origins(raw: string): string[] {
  return raw
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      const refuse = new InvalidValue(`"${origin}" is not an origin like https://example.com`);
      let parsed: URL;
      try {
        parsed = new URL(origin);
      } catch {
        throw refuse;
      }
      if (
        !['http:', 'https:'].includes(parsed.protocol) ||
        parsed.origin !== origin.replace(/\/$/, '')
      ) {
        throw refuse;
      }
      return parsed.origin;
    });
}

function trustProxy(raw: string): TrustProxy {
  const lower = raw.toLowerCase();
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  const address = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
  if (
    entries.every(
      (entry) => address.test(entry) || ['loopback', 'linklocal', 'uniquelocal'].includes(entry),
    )
  ) {
    return entries;
  }
  throw new InvalidValue(`must be true, false, a hop count or proxy addresses, got "${raw}"`);
}

/** Open files this process may have (Linux), or undefined when unknown. */
function openFilesLimit(): number | undefined {
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

/** File handles are also needed for the store, the knowledge base and logs: a fifth is kept. */
function defaultMaxConnections(): number {
  const files = openFilesLimit();
  return Math.max(16, Math.min(10_000, files ? Math.floor(files * 0.8) : 10_000));
}

/** How the process listens, logs and stops. */
export const HTTP_SETTINGS = {
  port: setting({
    name: 'PORT',
    default: 3000,
    parse: wholeNumber(0, 65535),
    meaning: 'TCP port the server listens on',
  }),
  host: setting({
    name: 'HOST',
    default: '0.0.0.0',
    parse: text,
    meaning: 'address the server listens on',
  }),
  corsOrigins: setting<string[]>({
    name: 'CORS_ORIGINS',
    default: [],
    shownDefault: 'same origin only',
    parse: origins,
    meaning: 'comma-separated other origins allowed to call the API and open sockets',
  }),
  trustProxy: setting<TrustProxy>({
    name: 'TRUST_PROXY',
    default: false,
    parse: trustProxy,
    meaning:
      '`true`, a hop count or comma-separated proxy addresses: take the client IP from X-Forwarded-For',
  }),
  logLevel: setting<LogLevel>({
    name: 'LOG_LEVEL',
    default: 'info',
    parse: oneOf(LOG_LEVELS),
    meaning: 'pino log level',
  }),
  shutdownTimeoutMs: setting({
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: 10_000,
    parse: wholeNumber(0, 600_000),
    meaning:
      'on SIGTERM, how long answers in flight may take before they are stored as interrupted',
  }),
  requestTimeoutMs: setting({
    name: 'REQUEST_TIMEOUT_MS',
    default: 15_000,
    parse: wholeNumber(1_000, 600_000),
    meaning:
      'longest time a request may take to arrive (headers and body); slower ones get 408 and are closed',
  }),
  maxConnections: setting({
    name: 'MAX_CONNECTIONS',
    default: defaultMaxConnections(),
    shownDefault: '10000 (at most 80% of the open-files limit)',
    parse: wholeNumber(1, 1_000_000),
    meaning:
      'open connections (sockets included) at once; beyond it the oldest idle or unfinished one is closed',
  }),
  maxConnectionsPerIp: optionalSetting({
    name: 'MAX_CONNECTIONS_PER_IP',
    shownDefault: 'half of MAX_CONNECTIONS',
    parse: wholeNumber(1, 1_000_000),
    meaning:
      'open connections from one client address; beyond it its oldest idle or unfinished one is closed (not applied with TRUST_PROXY)',
  }),
};
