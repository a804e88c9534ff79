import { randomUUID } from 'node:crypto';
import type { Notice, NoticeInput, PublicNotice } from '@supersteward/contract';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/open-database.js';
import type { NoticesTable } from '../../db/staff-schema.js';

type Row = Selectable<NoticesTable>;

/** How long an instance reuses the active notices it read (every instance reads the database). */
const ACTIVE_CACHE_MS = 1_000;

export function toNotice(row: Row, now: number): Notice {
  const starts = Number(row.starts_at);
  const ends = Number(row.ends_at);
  return {
    id: row.id,
    text: { mne: row.text_mne, en: row.text_en },
    topics: JSON.parse(row.topics) as string[],
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(ends).toISOString(),
    state: now < starts ? 'scheduled' : now < ends ? 'active' : 'expired',
    created_at: new Date(Number(row.created_at)).toISOString(),
    created_by: row.created_by,
    updated_at: new Date(Number(row.updated_at)).toISOString(),
  };
}

export interface NoticeStore {
  list(now: number): Promise<Notice[]>;
  create(input: NoticeInput, by: string | null, now: number): Promise<Notice>;
  update(id: string, input: NoticeInput, now: number): Promise<Notice | undefined>;
  remove(id: string): Promise<boolean>;
  /** Notices showing now (cached for a second). */
  active(now: number): Promise<PublicNotice[] & { topics?: never }>;
  /** Active notices with their topics, for answers. */
  activeWithTopics(now: number): Promise<Notice[]>;
}

export function createNoticeStore(database: Database): NoticeStore {
  const { db } = database;
  let cache: { at: number; rows: Row[] } | undefined;
  const activeRows = async (now: number): Promise<Row[]> => {
    if (cache && now - cache.at >= 0 && now - cache.at < ACTIVE_CACHE_MS) {
      return cache.rows.filter((r) => Number(r.starts_at) <= now && now < Number(r.ends_at));
    }
    const rows = await db
      .selectFrom('notices')
      .selectAll()
      .where('ends_at', '>', now)
      .orderBy('starts_at', 'desc')
      .execute();
    cache = { at: now, rows };
    return rows.filter((r) => Number(r.starts_at) <= now);
  };
  const values = (input: NoticeInput) => ({
    text_mne: input.text.mne,
    text_en: input.text.en,
    topics: JSON.stringify([...new Set(input.topics)]),
    starts_at: Date.parse(input.starts_at),
    ends_at: Date.parse(input.ends_at),
  });
  return {
    async list(now) {
      const rows = await db
        .selectFrom('notices')
        .selectAll()
        .orderBy('starts_at', 'desc')
        .execute();
      return rows.map((row) => toNotice(row, now));
    },
    async create(input, by, now) {
      const row: Row = {
        id: randomUUID(),
        ...values(input),
        created_at: now,
        created_by: by,
        updated_at: now,
      };
      await db.insertInto('notices').values(row).execute();
      cache = undefined;
      return toNotice(row, now);
    },
    async update(id, input, now) {
      await db
        .updateTable('notices')
        .set({ ...values(input), updated_at: now })
        .where('id', '=', id)
        .execute();
      cache = undefined;
      const row = await db
        .selectFrom('notices')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toNotice(row, now) : undefined;
    },
    async remove(id) {
      const result = await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst();
      cache = undefined;
      return Number(result.numDeletedRows) > 0;
    },
    async active(now) {
      return (await activeRows(now)).map((row) => ({
        id: row.id,
        text: { mne: row.text_mne, en: row.text_en },
        starts_at: new Date(Number(row.starts_at)).toISOString(),
        ends_at: new Date(Number(row.ends_at)).toISOString(),
      }));
    },
    async activeWithTopics(now) {
      return (await activeRows(now)).map((row) => toNotice(row, now));
    },
  };
}
