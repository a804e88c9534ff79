import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { compose, createLogger } from './compose.js';
import { SettingsError } from './settings/setting.js';
import { loadSettings, type Settings } from './settings/settings.js';

/** The built web app, from both src/ (tsx) and dist/ (node). */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface RunningServer {
  app: FastifyInstance;
  settings: Settings;
  /** `http://host:port` the server listens on. */
  url: string;
  /** Graceful stop: see FastifyInstance.shutdown, then every part is closed. Idempotent. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  webDir?: string;
}

/** Builds every part from the environment (compose.ts), starts listening, and returns how to stop it all. */
export async function startServer(
  env: Record<string, string | undefined>,
  options: StartOptions = {},
): Promise<RunningServer> {
  const settings = loadSettings(env);
  const logger = options.logger ?? createLogger(settings);
  for (const warning of settings.warnings) logger.warn(warning);

  const parts = await compose(settings, logger);
  let app: FastifyInstance | undefined;
  const closeAll = async (): Promise<void> => {
    await app
      ?.shutdown(settings.shutdownTimeoutMs)
      .catch((error: unknown) => logger.error({ err: error }, 'closing a part failed'));
    await parts.close();
  };
  try {
    app = await buildApp({ ...parts.deps, webDir: options.webDir ?? DEFAULT_WEB_DIR });
    const address = await app.listen({ port: settings.port, host: settings.host });
    logger.info(
      {
        address,
        captcha: parts.deps.captcha.provider,
        store: parts.database.dialect,
        redis: Boolean(settings.redisUrl),
      },
      'listening',
    );
    let closing: Promise<void> | undefined;
    return { app, settings, url: address, close: () => (closing ??= closeAll()) };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** Time past SHUTDOWN_TIMEOUT_MS after which a stop that has not finished exits anyway. */
const STOP_BACKSTOP_MS = 2_000;

/** The process: settings errors are one line on stderr and exit code 1; SIGTERM/SIGINT stop gracefully. */
async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer(process.env);
  } catch (error) {
    const line =
      error instanceof SettingsError
        ? `Invalid setting ${error.message}`
        : `Cannot start: ${String(error instanceof Error ? error.message : error)}`;
    console.error(line);
    process.exit(1);
  }
  const stop = (signal: string): void => {
    server.app.log.info({ signal }, 'stopping');
    // A backstop: whatever part hangs while closing, the process manager gets its exit.
    setTimeout(() => {
      console.error(
        `Stopping took over ${server.settings.shutdownTimeoutMs + STOP_BACKSTOP_MS} ms`,
      );
      process.exit(1);
    }, server.settings.shutdownTimeoutMs + STOP_BACKSTOP_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stopping failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
