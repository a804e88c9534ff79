import type { AnswerOutcome, Language, Source } from '@supersteward/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/open-database.js';

/** A field of the JSON trace as text, in the dialect's JSON syntax. */
export function traceField(
  database: Database,
  path: readonly (string | number)[],
): RawBuilder<string | null> {
  if (database.dialect === 'sqlite') {
    const jsonPath = `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`;
    return sql<string | null>`json_extract(trace, ${jsonPath})`;
  }
  return sql<string | null>`(trace::jsonb #>> ${`{${path.join(',')}}`})`;
}

/** An assistant message as the insight screens read it. */
export interface AnswerRow {
  id: string;
  thread_id: string;
  seq: number;
  created_at: number;
  status: 'complete' | 'streaming' | 'interrupted' | 'failed';
  sentiment: 'positive' | 'negative' | null;
  sources: string | null;
  latency_ms: number | null;
  decision: string | null;
  language: string | null;
  /** `${articleId}#${section}` of the best candidate section, when the trace has one. */
  nearest: string | null;
}

/**
 * What became of an answer. Answers stored before traces were kept count as answered when they
 * cite a source, out of scope otherwise.
 */
export function outcomeOf(
  row: Pick<AnswerRow, 'status' | 'decision' | 'sources'>,
): AnswerOutcome | null {
  if (row.status === 'streaming') return null;
  if (row.status !== 'complete') return 'failed';
  switch (row.decision) {
    case 'answer':
      return 'answered';
    case 'small_talk':
      return 'small_talk';
    case 'out_of_scope':
    case 'other_airline':
      return 'out_of_scope';
    default:
      return sourcesOf(row.sources).length > 0 ? 'answered' : 'out_of_scope';
  }
}

export function sourcesOf(text: string | null): Source[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Source[]) : [];
  } catch {
    return [];
  }
}

export function languageOf(text: string | null): Language | null {
  return text === 'mne' || text === 'en' ? text : null;
}

/** Assistant messages created in [startMs, endMs), oldest first. */
export function answersBetween(database: Database, startMs: number, endMs: number) {
  return database.db
    .selectFrom('messages')
    .select([
      'id',
      'thread_id',
      'seq',
      'created_at',
      'status',
      'sentiment',
      'sources',
      'latency_ms',
      traceField(database, ['decision']).as('decision'),
      traceField(database, ['language']).as('language'),
      traceField(database, ['candidates', 0, 'passage']).as('nearest'),
    ])
    .where('role', '=', 'assistant')
    .where('created_at', '>=', startMs)
    .where('created_at', '<', endMs)
    .orderBy('seq')
    .execute() as Promise<AnswerRow[]>;
}

/** The question each answer replied to: the thread's user message just before it. */
export async function questionsOf(
  database: Database,
  answers: readonly Pick<AnswerRow, 'id' | 'thread_id' | 'seq'>[],
): Promise<Map<string, { content: string; created_at: number }>> {
  const result = new Map<string, { content: string; created_at: number }>();
  const threadIds = [...new Set(answers.map((a) => a.thread_id))];
  for (let i = 0; i < threadIds.length; i += 500) {
    const rows = await database.db
      .selectFrom('messages')
      .select(['thread_id', 'seq', 'content', 'created_at'])
      .where('role', '=', 'user')
      .where('thread_id', 'in', threadIds.slice(i, i + 500))
      .orderBy('seq')
      .execute();
    const byThread = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byThread.get(row.thread_id) ?? [];
      list.push(row);
      byThread.set(row.thread_id, list);
    }
    for (const answer of answers) {
      const before = (byThread.get(answer.thread_id) ?? []).filter(
        (q) => Number(q.seq) < Number(answer.seq),
      );
      const question = before.at(-1);
      if (question) {
        result.set(answer.id, {
          content: question.content,
          created_at: Number(question.created_at),
        });
      }
    }
  }
  return result;
}
