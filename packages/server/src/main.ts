import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import type { AnswerEngine } from './answer/engine.js';
import { createLlmEngine } from './answer/llm/llm-engine.js';
import { createRetrievalEngine } from './answer/retrieval/engine.js';
import { buildApp } from './app.js';
import { createAltchaCaptcha } from './captcha/altcha.js';
import { createNoCaptcha } from './captcha/none.js';
import { createRecaptchaCaptcha } from './captcha/recaptcha.js';
import {
  createMemoryReplayGuard,
  createRedisReplayGuard,
  type ReplayGuard,
} from './captcha/replay.js';
import { createTurnstileCaptcha } from './captcha/turnstile.js';
import type { AppCaptcha } from './deps.js';
import { loadSettings, SettingsError, type Settings } from './settings.js';
import { openAdapters } from './store/open-adapters.js';

/** The built web app, from both src/ (tsx) and dist/ (node). */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * An answer takes at most ANSWER_TIMEOUT_MS; one still streaming this much later (room for clock
 * differences between instances and a slow final write) was left by an instance that died.
 */
const ABANDONED_MARGIN_MS = 5_000;
/** How often a shared database is swept for answers whose instance died: a few times per threshold. */
function sweepIntervalMs(abandonedAfterMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.round(abandonedAfterMs / 4)));
}

export interface RunningServer {
  app: FastifyInstance;
  settings: Settings;
  /** `http://host:port` the server listens on. */
  url: string;
  /** Graceful stop: see FastifyInstance.shutdown, then every adapter is closed. Idempotent. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  webDir?: string;
}

export function createLogger(settings: Pick<Settings, 'logLevel'>): Logger {
  return pino({
    level: settings.logLevel,
    // Headers are not logged at all (see http/request-log.ts); should anything log a request,
    // the visitor id and captcha token stay out.
    redact: {
      paths: [
        'req.headers.uuid',
        'req.headers["x-captcha-token"]',
        'req.headers.cookie',
        'req.headers.authorization',
      ],
      censor: '[redacted]',
    },
  });
}

function createCaptcha(settings: Settings, logger: Logger, replay: ReplayGuard): AppCaptcha {
  const { captcha } = settings;
  switch (captcha.provider) {
    case 'altcha':
      return createAltchaCaptcha({
        hmacKey: captcha.altcha.hmacKey,
        cost: captcha.altcha.cost,
        replay,
      });
    case 'recaptcha': {
      const recaptcha = captcha.recaptcha;
      if (!recaptcha) throw new SettingsError('CAPTCHA_PROVIDER', 'recaptcha settings missing');
      return createRecaptchaCaptcha({ ...recaptcha, logger });
    }
    case 'turnstile': {
      const turnstile = captcha.turnstile;
      if (!turnstile) throw new SettingsError('CAPTCHA_PROVIDER', 'turnstile settings missing');
      return createTurnstileCaptcha({ ...turnstile, logger });
    }
    case 'none':
      return createNoCaptcha(logger);
  }
}

/** Retrieval over the knowledge base; with LLM_* set, a model answers from it and retrieval is the fallback. */
async function createEngine(settings: Settings, logger: Logger): Promise<AnswerEngine> {
  const retrieval = await createRetrievalEngine({
    knowledgeDir: settings.knowledgeDir,
    supportEmail: settings.supportEmail,
    airlineName: settings.airlineName,
    pieceDelayMs: settings.answerPieceDelayMs,
    logger,
  });
  if (!settings.llm) return retrieval;
  const { timeoutMs, ...llm } = settings.llm;
  const engine = createLlmEngine({
    ...llm,
    apiKey: llm.apiKey,
    totalTimeoutMs: timeoutMs,
    index: retrieval.index,
    fallback: retrieval,
    airlineName: settings.airlineName,
    supportEmail: settings.supportEmail,
    logger,
  });
  return {
    answer: (request, signal) => engine.answer(request, signal),
    close: () => retrieval.close(),
  };
}

/** Builds every part from the environment, starts listening, and returns how to stop it all. */
export async function startServer(
  env: Record<string, string | undefined>,
  options: StartOptions = {},
): Promise<RunningServer> {
  const settings = loadSettings(env);
  const logger = options.logger ?? createLogger(settings);
  for (const warning of settings.warnings) logger.warn(warning);

  const closers: Array<() => Promise<void>> = [];
  const closeAll = async (): Promise<void> => {
    for (const close of closers.splice(0).reverse()) {
      await close().catch((error: unknown) =>
        logger.error({ err: error }, 'closing a part failed'),
      );
    }
  };

  try {
    const {
      database,
      store,
      hub,
      quota,
      close: closeAdapters,
    } = await openAdapters({
      databaseUrl: settings.databaseUrl,
      dataDir: settings.dataDir,
      redisUrl: settings.redisUrl,
      redisKeyPrefix: settings.redisKeyPrefix,
      logger,
    });
    closers.push(closeAdapters);

    // A shared database may hold answers other instances are producing right now; only those
    // older than any answer can take are abandoned. An embedded one has no other writer.
    const abandonedAfterMs = settings.databaseUrl
      ? settings.answerTimeoutMs + ABANDONED_MARGIN_MS
      : 0;
    const markAbandoned = async (): Promise<void> => {
      const interrupted = await store.markInterrupted(abandonedAfterMs);
      if (interrupted > 0) {
        logger.warn(
          { interrupted },
          'answers left unfinished by a stopped instance marked interrupted',
        );
      }
    };
    await markAbandoned();
    if (settings.databaseUrl) {
      const sweep = setInterval(() => {
        markAbandoned().catch((error: unknown) => logger.warn({ err: error }, 'sweep failed'));
      }, sweepIntervalMs(abandonedAfterMs));
      sweep.unref();
      closers.push(async () => clearInterval(sweep));
    }

    const replay: ReplayGuard = settings.redisUrl
      ? createRedisReplayGuard({
          redis: settings.redisUrl,
          keyPrefix: `${settings.redisKeyPrefix}captcha:used:`,
        })
      : createMemoryReplayGuard();
    closers.push(() => replay.close());
    const captcha = createCaptcha(settings, logger, replay);
    const engine = await createEngine(settings, logger);
    closers.push(async () => engine.close?.());

    const app = await buildApp({
      settings,
      logger,
      store,
      hub,
      quota,
      captcha,
      engine,
      webDir: options.webDir ?? DEFAULT_WEB_DIR,
    });
    closers.push(() => app.shutdown(settings.shutdownTimeoutMs));
    const address = await app.listen({ port: settings.port, host: settings.host });
    logger.info(
      {
        address,
        captcha: captcha.provider,
        store: database.dialect,
        redis: Boolean(settings.redisUrl),
      },
      'listening',
    );

    let closing: Promise<void> | undefined;
    return {
      app,
      settings,
      url: address,
      close: () =>
        (closing ??= (async () => {
          await closeAll();
        })()),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

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
