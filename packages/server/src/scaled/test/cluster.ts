import { randomBytes } from 'node:crypto';
import type { ServerEvent, StreamEvent } from '@supersteward/contract';
import { pino, type Logger } from 'pino';
import { deleteKeys, PrivateRedis, TEST_REDIS_URL } from '../../hub/test/redis-server.js';
import { startServer, type RunningServer } from '../../main.js';
import {
  createTestPostgresSchema,
  TEST_POSTGRES_URL,
  terminatePostgresConnections,
} from '../../store/test/databases.js';

/**
 * Test helper: identical instances of the real composition (startServer) sharing one PostgreSQL
 * schema of their own and one Redis (the shared one under a private prefix, or a private
 * redis-server the test may kill). Everything it made is removed by `close`.
 */
export interface Cluster {
  /** Every instance's environment: what a process manager would pass. */
  env: Record<string, string>;
  /** The application_name every PostgreSQL connection of the instances carries. */
  applicationName: string;
  redis: PrivateRedis | undefined;
  start(logger?: Logger): Promise<RunningServer>;
  /** Terminates the instances' PostgreSQL connections (only theirs); returns how many. */
  terminateDatabaseConnections(): Promise<number>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  env?: Record<string, string>;
  /** A private redis-server the test may kill, instead of the machine's shared one. */
  privateRedis?: boolean;
}

export async function createCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const schema = await createTestPostgresSchema(TEST_POSTGRES_URL);
  const applicationName = `ss-test-${randomBytes(5).toString('hex')}`;
  const databaseUrl = new URL(schema.databaseUrl);
  databaseUrl.searchParams.set('application_name', applicationName);
  let redis: PrivateRedis | undefined;
  try {
    redis = options.privateRedis ? await PrivateRedis.start() : undefined;
  } catch (error) {
    await schema.drop();
    throw error;
  }
  const redisUrl = redis?.url ?? TEST_REDIS_URL;
  const keyPrefix = `sstest${randomBytes(4).toString('hex')}:`;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    CAPTCHA_PROVIDER: 'none',
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  const servers: RunningServer[] = [];
  return {
    env,
    applicationName,
    redis,
    async start(logger = pino({ level: 'silent' })) {
      const server = await startServer(env, { logger });
      servers.push(server);
      return server;
    },
    terminateDatabaseConnections: () => terminatePostgresConnections(applicationName),
    async close() {
      await Promise.allSettled(servers.map((server) => server.close()));
      await redis?.kill();
      if (!redis) await deleteKeys(TEST_REDIS_URL, keyPrefix).catch(() => undefined);
      await schema.drop();
    },
  };
}

/** The stream frames of one answer a socket received, in arrival order. */
export function framesOf(frames: ServerEvent[], messageId: string): StreamEvent[] {
  return frames.filter(
    (frame): frame is StreamEvent => 'message_id' in frame && frame.message_id === messageId,
  );
}

/** The seq of a stream frame (-1 when it has none). */
export const seqOf = (frame: ServerEvent): number => ('seq' in frame ? (frame.seq ?? -1) : -1);

/** Pieces (message:bits) of stream frames joined in the order given. */
export function joinedPieces(frames: StreamEvent[]): string {
  return frames.map((frame) => (frame.event === 'message:bits' ? frame.data : '')).join('');
}
