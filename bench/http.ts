/**
 * Requests per second of GET /assistant/threads (a visitor with 20 threads) and of
 * POST /assistant/answer (new thread, bundled engine, piece pause off) on the production
 * composition, against two baselines measured in the same run, in the same process:
 *   - bare Fastify: one route sending the same JSON;
 *   - minimal Fastify + the database driver with prepared statements on the same database
 *     (better-sqlite3 on the SQLite file; pg named statements on the PostgreSQL schema): the
 *     same visitor check and thread list; for answers, the thread and both messages stored in
 *     one transaction and the thread sent back.
 * Once on SQLite (default run), once on PostgreSQL + Redis (scaled run). The three servers of a
 * route are measured in turn, `rounds` times, and each figure is the median of its rounds: on a
 * machine shared with other work the load drifts, and a ratio of two runs minutes apart (or even
 * seconds) would measure the drift.
 *   npx tsx bench/http.ts [seconds=3] [connections=50] [sqlite|postgres|both] [rounds=3]
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { SQLITE_FILE_NAME } from '../packages/server/src/db/open-database.js';
import { startServer } from '../packages/server/src/main.js';
import {
  createTestPostgresSchema,
  TEST_POSTGRES_URL,
} from '../packages/server/src/store/test/databases.js';
import { TEST_REDIS_URL } from '../packages/server/src/hub/test/redis-server.js';
import { printTable, writeResult, type Verdict } from './support.js';

const duration = Number(process.argv[2] ?? 3);
const connections = Number(process.argv[3] ?? 50);
const which = process.argv[4] ?? 'both';
const rounds = Number(process.argv[5] ?? 3);
const QUESTION = 'Koliko kila smije imati ručni prtljag?';

interface Rate {
  rps: number;
  p99: number;
  errors: number;
}

async function rate(opts: autocannon.Options): Promise<Rate> {
  const result = await autocannon({ connections, duration, ...opts });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Baseline servers of the run, closed at its end. */
const baselines: FastifyInstance[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  baselines.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** The database side of a minimal route: the same SQL the store runs, prepared once. */
interface MinimalDb {
  threads(userId: string): Promise<unknown[] | null>;
  answer(userId: string, question: string): Promise<unknown>;
  close(): Promise<void>;
}

const toThread = (row: { id: string; name: string; updated_at: number | string }) => ({
  thread_id: row.id,
  name: row.name,
  updated_at: new Date(Number(row.updated_at)).toISOString(),
});

function minimalSqlite(dataDir: string): MinimalDb {
  const db = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const user = db.prepare('select id from users where id = ?');
  const list = db.prepare(
    'select id, name, updated_at from threads where user_id = ? order by updated_at desc, created_at desc',
  );
  const thread = db.prepare(
    'insert into threads (id, user_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)',
  );
  const message = db.prepare(
    "insert into messages (id, thread_id, role, content, created_at, sentiment, sources, status) values (?, ?, ?, ?, ?, null, ?, 'complete')",
  );
  const store = db.transaction((userId: string, question: string) => {
    const now = Date.now();
    const threadId = randomUUID();
    thread.run(threadId, userId, question.slice(0, 80), now, now);
    const q = randomUUID();
    const a = randomUUID();
    message.run(q, threadId, 'user', question, now, null);
    message.run(a, threadId, 'assistant', 'Ručni prtljag smije imati do 8 kg.', now, '[]');
    return {
      thread_id: threadId,
      all_messages: [
        {
          role: 'user',
          content: question,
          createdAt: Math.floor(now / 1000),
          message_id: q,
          sentiment: null,
        },
        {
          role: 'assistant',
          content: 'Ručni prtljag smije imati do 8 kg.',
          createdAt: Math.floor(now / 1000),
          message_id: a,
          sentiment: null,
          sources: [],
        },
      ],
    };
  });
  return {
    threads: (userId) =>
      Promise.resolve(user.get(userId) ? (list.all(userId) as never[]).map(toThread) : null),
    answer: (userId, question) =>
      Promise.resolve(user.get(userId) ? store(userId, question) : null),
    close: () => Promise.resolve(void db.close()),
  };
}

function minimalPostgres(databaseUrl: string): MinimalDb {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const q = <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
    pool.query<R>({ name, text, values });
  return {
    async threads(userId) {
      const found = await q('u', 'select id from users where id = $1', [userId]);
      if (found.rowCount === 0) return null;
      const rows = await q<{ id: string; name: string; updated_at: string }>(
        't',
        'select id, name, updated_at from threads where user_id = $1 order by updated_at desc, created_at desc',
        [userId],
      );
      return rows.rows.map(toThread);
    },
    async answer(userId, question) {
      const client = await pool.connect();
      try {
        const found = await client.query({
          name: 'u',
          text: 'select id from users where id = $1',
          values: [userId],
        });
        if (found.rowCount === 0) return null;
        const now = Date.now();
        const threadId = randomUUID();
        await client.query('begin');
        await client.query({
          name: 'it',
          text: 'insert into threads (id, user_id, name, created_at, updated_at) values ($1, $2, $3, $4, $4)',
          values: [threadId, userId, question.slice(0, 80), now],
        });
        const text =
          "insert into messages (id, thread_id, role, content, created_at, sources, status) values ($1, $2, $3, $4, $5, $6, 'complete')";
        await client.query({
          name: 'im',
          text,
          values: [randomUUID(), threadId, 'user', question, now, null],
        });
        await client.query({
          name: 'im',
          text,
          values: [randomUUID(), threadId, 'assistant', 'Do 8 kg.', now, '[]'],
        });
        await client.query('commit');
        return { thread_id: threadId, all_messages: [] };
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function minimalApp(db: MinimalDb): Promise<string> {
  const app = Fastify({ logger: false });
  app.get('/assistant/threads', async (request, reply) => {
    const list = await db.threads(String(request.headers.uuid));
    return list ?? reply.code(404).send({ status_code: 404, detail: 'Unknown visitor' });
  });
  app.post('/assistant/answer', async (request, reply) => {
    const body = request.body as { question: string };
    const answer = await db.answer(String(request.headers.uuid), body.question);
    return answer ?? reply.code(404).send({ status_code: 404, detail: 'Unknown visitor' });
  });
  return listen(app);
}

async function bareApp(threadsBody: string, answerBody: string): Promise<string> {
  const app = Fastify({ logger: false });
  app.get('/assistant/threads', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(threadsBody);
  });
  app.post('/assistant/answer', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(answerBody);
  });
  return listen(app);
}

interface StoreRun {
  store: string;
  rows: Array<{ what: string; rps: number; p99: number; errors: number }>;
  threadsVsMinimal: number;
  answerVsMinimal: number;
  answersPerSecond: number;
}

async function run(store: 'sqlite' | 'postgres'): Promise<StoreRun> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ss-bench-http-'));
  const schema =
    store === 'postgres' ? await createTestPostgresSchema(TEST_POSTGRES_URL) : undefined;
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    CAPTCHA_PROVIDER: 'none',
    DAILY_MESSAGE_LIMIT: '100000000',
    IP_DAILY_MESSAGE_LIMIT: '100000000',
    ANSWER_PIECE_DELAY_MS: '0',
    LOG_LEVEL: 'silent',
  };
  if (schema) {
    env.DATABASE_URL = schema.databaseUrl;
    env.REDIS_URL = TEST_REDIS_URL;
    env.REDIS_KEY_PREFIX = `ss-bench-${randomUUID().slice(0, 8)}:`;
  }
  const server = await startServer(env, { logger: pino({ level: 'silent' }) });
  const minimalDb = schema ? minimalPostgres(schema.databaseUrl) : minimalSqlite(dataDir);
  try {
    const uuid = (
      (await (await fetch(`${server.url}/user/create_uuid`, { method: 'POST' })).json()) as {
        id: string;
      }
    ).id;
    let answerBody = '';
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${server.url}/assistant/answer`, {
        method: 'POST',
        headers: { uuid, 'content-type': 'application/json' },
        body: JSON.stringify({ question: `${QUESTION} (${i})`, thread_id: null }),
      });
      answerBody = await res.text();
    }
    const threadsBody = await (
      await fetch(`${server.url}/assistant/threads`, { headers: { uuid } })
    ).text();
    // The answer runs use their own visitor: the threads visitor keeps its 20 threads.
    const asker = (
      (await (await fetch(`${server.url}/user/create_uuid`, { method: 'POST' })).json()) as {
        id: string;
      }
    ).id;
    const bare = await bareApp(threadsBody, answerBody);
    const minimal = await minimalApp(minimalDb);

    const threads = (url: string) => rate({ url: `${url}/assistant/threads`, headers: { uuid } });
    const answer = (url: string) =>
      rate({
        url: `${url}/assistant/answer`,
        method: 'POST',
        headers: { uuid: asker, 'content-type': 'application/json' },
        body: JSON.stringify({ question: QUESTION, thread_id: null }),
      });
    const rows: StoreRun['rows'] = [];
    /** Each of `runs` measured in turn, `rounds` times; the median round of each. */
    const interleaved = async (runs: Array<[string, () => Promise<Rate>]>) => {
      const samples: Rate[][] = runs.map(() => []);
      for (let round = 0; round < rounds; round++) {
        for (const [index, [, measure]] of runs.entries()) samples[index]!.push(await measure());
      }
      for (const [index, [what]] of runs.entries()) {
        const sorted = samples[index]!.sort((a, b) => a.rps - b.rps);
        rows.push({ what, ...sorted[Math.floor(sorted.length / 2)]! });
      }
    };
    await interleaved([
      ['threads: bare Fastify, same JSON', () => threads(bare)],
      ['threads: minimal Fastify + driver, prepared', () => threads(minimal)],
      ['threads: Supersteward', () => threads(server.url)],
    ]);
    await interleaved([
      ['answer: bare Fastify, same JSON', () => answer(bare)],
      ['answer: minimal Fastify + driver, one transaction', () => answer(minimal)],
      ['answer: Supersteward, bundled engine, pause off', () => answer(server.url)],
    ]);
    return {
      store: schema ? 'PostgreSQL + Redis' : 'SQLite',
      rows,
      threadsVsMinimal: rows[2]!.rps / rows[1]!.rps,
      answerVsMinimal: rows[5]!.rps / rows[4]!.rps,
      answersPerSecond: rows[5]!.rps,
    };
  } finally {
    for (const app of baselines.splice(0)) await app.close();
    await server.close();
    await minimalDb.close();
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const runs: StoreRun[] = [];
if (which !== 'postgres') runs.push(await run('sqlite'));
if (which !== 'sqlite') runs.push(await run('postgres'));

for (const r of runs) {
  const base = r.rows[1]!.rps;
  const answerBase = r.rows[4]!.rps;
  printTable(
    `HTTP on ${r.store}: ${connections} connections, median of ${rounds} interleaved rounds of ${duration} s (ratios to the minimal route of the same run)`,
    ['what', 'req/s', 'ratio', 'p99 ms', 'errors'],
    r.rows.map((row, i) => [
      row.what,
      row.rps.toFixed(0),
      (row.rps / (i < 3 ? base : answerBase)).toFixed(2),
      row.p99,
      row.errors,
    ]),
  );
}
const sqlite = runs.find((r) => r.store === 'SQLite');
const verdicts: Verdict[] = [];
if (sqlite) {
  verdicts.push({
    measure: 'threads route vs minimal Fastify + better-sqlite3',
    value: sqlite.threadsVsMinimal.toFixed(2),
    target: '≥ 0.7',
    met: sqlite.threadsVsMinimal >= 0.7,
  });
  verdicts.push({
    measure: 'answers/s, bundled engine, SQLite, pause off',
    value: sqlite.answersPerSecond.toFixed(0),
    target: '≥ 600',
    met: sqlite.answersPerSecond >= 600,
  });
}
for (const r of runs.filter((x) => x !== sqlite)) {
  verdicts.push({
    measure: `threads route vs minimal route (${r.store})`,
    value: r.threadsVsMinimal.toFixed(2),
    target: 'reported',
    met: null,
  });
  verdicts.push({
    measure: `answers/s (${r.store})`,
    value: r.answersPerSecond.toFixed(0),
    target: 'reported',
    met: null,
  });
}
await writeResult('http', { duration, connections, rounds, runs, verdicts });
// Every server is closed; a pool timer left behind must not hold the run.
process.exit(process.exitCode ?? 0);
