import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';

/** The machine's shared Redis; TEST_REDIS_URL overrides it. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function randomKeyPrefix(): string {
  return `sstest:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under a prefix (test cleanup on the shared Redis). */
export async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  let deleted = 0;
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      const batch = keys as string[];
      if (batch.length > 0) deleted += await redis.del(...batch);
    }
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/**
 * Two instances of a Redis adapter (hub, quota) sharing one fresh key prefix on the test Redis,
 * as two server processes would; `cleanup` closes both and deletes their keys.
 */
export function twoOnTestRedis<T extends { close(): Promise<unknown> }>(
  open: (options: { url: string; logger: Logger; keyPrefix: string }) => T,
): { first: T; second: T; cleanup: () => Promise<void> } {
  const options = {
    url: TEST_REDIS_URL,
    logger: pino({ level: 'silent' }),
    keyPrefix: randomKeyPrefix(),
  };
  const first = open(options);
  const second = open(options);
  return {
    first,
    second,
    async cleanup() {
      await Promise.all([first.close(), second.close()]);
      await deleteKeys(TEST_REDIS_URL, options.keyPrefix);
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** A private redis-server this test may kill and restart, leaving the shared one alone. */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const server = new PrivateRedis(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      const probe = new Redis(this.url, {
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
      });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.ping();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        probe.disconnect();
      }
    }
  }

  /** Kills it as a crash would (SIGKILL) and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** A pino logger that keeps its lines for assertions. */
export function recordingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug' },
    {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  return { logger, lines };
}
