import { createHash } from 'node:crypto';
import type {
  AnswerOutcome,
  AnswerTrace,
  Conversation,
  ConversationPage,
  ConversationQuery,
  Language,
  StaffMessage,
} from '@supersteward/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/open-database.js';
import { ApiError } from '../../http/api-error.js';
import { languageOf, outcomeOf, sourcesOf, traceField } from './answer-rows.js';
import { dayRange } from './days.js';

/**
 * A visitor as staff see it: 8 hex digits of the SHA-256 of its id. Stable (the same visitor's
 * threads look alike) and says nothing of the id, which would let its holder act as the visitor.
 */
export function visitorRef(userId: string): string {
  return createHash('sha256').update(userId).digest('hex').slice(0, 8);
}

/** SQL condition: the message (alias m) has this outcome (see outcomeOf). */
function outcomeCondition(database: Database, outcome: AnswerOutcome): Expression<SqlBool> {
  const decision = traceField(database, ['decision']);
  const noSources = sql`(m.sources is null or m.sources = '[]')`;
  switch (outcome) {
    case 'failed':
      return sql<SqlBool>`m.status in ('failed', 'interrupted')`;
    case 'small_talk':
      return sql<SqlBool>`m.status = 'complete' and ${decision} = 'small_talk'`;
    case 'answered':
      return sql<SqlBool>`m.status = 'complete' and (${decision} = 'answer' or (m.trace is null and not ${noSources}))`;
    case 'out_of_scope':
      return sql<SqlBool>`m.status = 'complete' and (${decision} in ('out_of_scope', 'other_airline') or (m.trace is null and ${noSources}))`;
  }
}

function cursorOf(updatedAt: number, id: string): string {
  return `${updatedAt}:${id}`;
}

/** Threads newest first, searched and filtered, one page at a time. */
export async function listConversations(
  database: Database,
  query: ConversationQuery,
  now: number,
): Promise<ConversationPage> {
  const limit = query.limit ?? 25;
  let threads = database.db
    .selectFrom('threads as t')
    .select(['t.id', 't.user_id', 't.name', 't.created_at', 't.updated_at'])
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit + 1);

  if (query.from !== undefined || query.to !== undefined) {
    const range = dayRange(query, now);
    threads = threads
      .where('t.updated_at', '>=', range.startMs)
      .where('t.created_at', '<', range.endMs);
  }
  if (query.before !== undefined) {
    const match = /^(\d+):(.+)$/.exec(query.before);
    if (!match) throw new ApiError(400, 'querystring/before is not a page cursor');
    const at = Number(match[1]);
    const id = match[2] ?? '';
    threads = threads.where((eb) =>
      eb.or([
        eb('t.updated_at', '<', at),
        eb.and([eb('t.updated_at', '=', at), eb('t.id', '<', id)]),
      ]),
    );
  }
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    threads = threads.where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages as m')
          .select('m.id')
          .whereRef('m.thread_id', '=', 't.id')
          .where(sql<SqlBool>`lower(m.content) like ${pattern} escape '\\'`),
      ),
    );
  }
  if (query.outcome !== undefined) {
    const condition = outcomeCondition(database, query.outcome);
    threads = threads.where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages as m')
          .select('m.id')
          .whereRef('m.thread_id', '=', 't.id')
          .where('m.role', '=', 'assistant')
          .where(condition),
      ),
    );
  }
  if (query.sentiment !== undefined) {
    const sentiment = query.sentiment;
    threads = threads.where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages as m')
          .select('m.id')
          .whereRef('m.thread_id', '=', 't.id')
          .where('m.sentiment', '=', sentiment),
      ),
    );
  }

  const rows = await threads.execute();
  const page = rows.slice(0, limit);
  const messages =
    page.length === 0
      ? []
      : await database.db
          .selectFrom('messages')
          .select([
            'thread_id',
            'role',
            'status',
            'sentiment',
            'sources',
            traceField(database, ['decision']).as('decision'),
            traceField(database, ['language']).as('language'),
          ])
          .where(
            'thread_id',
            'in',
            page.map((t) => t.id),
          )
          .execute();

  const last = page.at(-1);
  return {
    conversations: page.map((thread) => {
      const own = messages.filter((m) => m.thread_id === thread.id);
      const answers = own.filter((m) => m.role === 'assistant');
      const languages = answers
        .map((m) => languageOf(m.language))
        .filter((l): l is Language => l !== null);
      return {
        thread_id: thread.id,
        visitor: visitorRef(thread.user_id),
        name: thread.name,
        created_at: new Date(Number(thread.created_at)).toISOString(),
        updated_at: new Date(Number(thread.updated_at)).toISOString(),
        questions: own.filter((m) => m.role === 'user').length,
        language: languages.at(-1) ?? null,
        has_negative_feedback: answers.some((m) => m.sentiment === 'negative'),
        has_unanswered: answers.some((m) => {
          const outcome = outcomeOf(m);
          return outcome === 'out_of_scope' || outcome === 'failed';
        }),
      };
    }),
    next_before: rows.length > limit && last ? cursorOf(Number(last.updated_at), last.id) : null,
  };
}

/** One thread with every message's sources, outcome, latency, feedback comment and trace. */
export async function readConversation(
  database: Database,
  threadId: string,
): Promise<Conversation | undefined> {
  const thread = await database.db
    .selectFrom('threads')
    .selectAll()
    .where('id', '=', threadId)
    .executeTakeFirst();
  if (!thread) return undefined;
  const rows = await database.db
    .selectFrom('messages')
    .select([
      'id',
      'role',
      'content',
      'created_at',
      'status',
      'sentiment',
      'sources',
      'trace',
      'latency_ms',
      traceField(database, ['decision']).as('decision'),
    ])
    .where('thread_id', '=', threadId)
    .orderBy('seq')
    .execute();
  const comments = await database.db
    .selectFrom('feedback')
    .select(['message_id', 'comment', 'created_at'])
    .where('message_id', 'in', rows.length ? rows.map((r) => r.id) : [''])
    .orderBy('created_at', 'asc')
    .execute();
  const latestComment = new Map<string, string | null>();
  for (const row of comments) latestComment.set(row.message_id, row.comment);

  const messages: StaffMessage[] = rows.map((row) => ({
    message_id: row.id,
    role: row.role,
    content: row.content,
    created_at: new Date(Number(row.created_at)).toISOString(),
    status: row.status,
    sentiment: row.sentiment ?? null,
    feedback_comment: latestComment.get(row.id) ?? null,
    sources: sourcesOf(row.sources),
    outcome: row.role === 'assistant' ? outcomeOf(row) : null,
    latency_ms: row.latency_ms === null ? null : Number(row.latency_ms),
    trace: row.trace ? (JSON.parse(row.trace) as AnswerTrace) : null,
  }));
  return {
    thread_id: thread.id,
    visitor: visitorRef(thread.user_id),
    name: thread.name,
    created_at: new Date(Number(thread.created_at)).toISOString(),
    updated_at: new Date(Number(thread.updated_at)).toISOString(),
    messages,
  };
}
