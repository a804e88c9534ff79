import type { KnowledgeVersion, VersionFile } from '@supersteward/contract';
import { sql } from 'kysely';
import type { KnowledgeFiles } from '../../answer/knowledge/loader.js';
import type { Database } from '../../db/open-database.js';

/** The regression counts kept with a version. */
export interface CheckSummary {
  total: number;
  passed_before: number;
  passed_after: number;
  broken: number;
}

export interface NewVersion {
  /** The version the changes were made against; refused when another was published since. */
  base: number;
  /** Path → new content, null to remove. */
  changes: Readonly<Record<string, string | null>>;
  files: VersionFile[];
  publishedBy: string | null;
  summary: string;
  overrideReason: string | null;
  restoredFrom: number | null;
  check: CheckSummary | null;
  now: number;
}

export class VersionConflict extends Error {
  constructor(readonly latest: number) {
    super(`version ${latest} was published meanwhile`);
  }
}

/** Every published version of the knowledge base, in the database (the source of truth). */
export interface KnowledgeStore {
  /** The newest version, or undefined before the first seed. */
  latest(): Promise<number | undefined>;
  /** The files of a version (undefined when there is no such version). */
  filesAt(version: number): Promise<KnowledgeFiles | undefined>;
  /** Version 0 from files; false when another instance seeded first. */
  seed(files: KnowledgeFiles, now: number): Promise<boolean>;
  publish(input: NewVersion): Promise<number>;
  versions(): Promise<KnowledgeVersion[]>;
  version(version: number): Promise<KnowledgeVersion | undefined>;
  /** Whether any version was published by a staff member (not seeded from files). */
  editedInConsole(): Promise<boolean>;
}

type VersionRow = {
  version: number;
  published_at: number;
  published_by: string | null;
  summary: string;
  override_reason: string | null;
  restored_from: number | null;
  check_summary: string | null;
  files: string;
};

function toVersion(row: VersionRow): KnowledgeVersion {
  return {
    version: Number(row.version),
    published_at: new Date(Number(row.published_at)).toISOString(),
    published_by: row.published_by,
    summary: row.summary,
    files: JSON.parse(row.files) as VersionFile[],
    override_reason: row.override_reason,
    restored_from: row.restored_from === null ? null : Number(row.restored_from),
    check: row.check_summary === null ? null : (JSON.parse(row.check_summary) as CheckSummary),
  };
}

/** `mne/pets-cabin.md` → { id, language } for article files (the lexicon and others: undefined). */
export function articleOfPath(path: string): VersionFile | undefined {
  const match = /^(mne|en)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/.exec(path);
  if (!match) return undefined;
  return { id: match[2] ?? '', language: match[1] as 'mne' | 'en', action: 'changed' };
}

export function createKnowledgeStore(database: Database): KnowledgeStore {
  const { db } = database;
  const latest = async () => {
    const row = await db
      .selectFrom('knowledge_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirst();
    return row?.v === null || row?.v === undefined ? undefined : Number(row.v);
  };
  const insertVersion = async (
    trx: typeof db,
    version: number,
    input: Omit<NewVersion, 'base'>,
  ) => {
    await trx
      .insertInto('knowledge_versions')
      .values({
        version,
        published_at: input.now,
        published_by: input.publishedBy,
        summary: input.summary,
        override_reason: input.overrideReason,
        restored_from: input.restoredFrom,
        check_summary: input.check ? JSON.stringify(input.check) : null,
        files: JSON.stringify(input.files),
      })
      .execute();
    const rows = Object.entries(input.changes).map(([path, content]) => ({
      path,
      version,
      content,
    }));
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('knowledge_files')
        .values(rows.slice(i, i + 100))
        .execute();
    }
  };

  return {
    latest,

    async filesAt(version) {
      const exists = await db
        .selectFrom('knowledge_versions')
        .select('version')
        .where('version', '=', version)
        .executeTakeFirst();
      if (!exists) return undefined;
      const rows = await db
        .selectFrom('knowledge_files as f')
        .select(['f.path', 'f.content'])
        .where('f.version', '<=', version)
        .where(
          'f.version',
          '=',
          sql<number>`(select max(g.version) from knowledge_files g where g.path = f.path and g.version <= ${version})`,
        )
        .execute();
      const files: Record<string, string> = {};
      for (const row of rows) if (row.content !== null) files[row.path] = row.content;
      return files;
    },

    async seed(files, now) {
      try {
        await db.transaction().execute(async (trx) => {
          await insertVersion(trx, 0, {
            changes: files,
            files: Object.keys(files)
              .map(articleOfPath)
              .filter((f): f is VersionFile => f !== undefined)
              .map((f) => ({ ...f, action: 'added' as const })),
            publishedBy: null,
            summary: 'Seeded from the KNOWLEDGE_DIR files',
            overrideReason: null,
            restoredFrom: null,
            check: null,
            now,
          });
        });
        return true;
      } catch (error) {
        // Another instance seeded at the same moment: its version 0 stands.
        if ((await latest()) !== undefined) return false;
        throw error;
      }
    },

    async publish(input) {
      try {
        return await db.transaction().execute(async (trx) => {
          const current = await trx
            .selectFrom('knowledge_versions')
            .select((eb) => eb.fn.max('version').as('v'))
            .executeTakeFirst();
          const newest = Number(current?.v ?? -1);
          if (newest !== input.base) throw new VersionConflict(newest);
          await insertVersion(trx, newest + 1, input);
          return newest + 1;
        });
      } catch (error) {
        if (error instanceof VersionConflict) throw error;
        // Two publishes of the same base at once: the primary key lets only one through.
        const newest = await latest();
        if (newest !== undefined && newest !== input.base) throw new VersionConflict(newest);
        throw error;
      }
    },

    async versions() {
      const rows = await db
        .selectFrom('knowledge_versions')
        .selectAll()
        .orderBy('version', 'desc')
        .execute();
      return rows.map(toVersion);
    },

    async version(version) {
      const row = await db
        .selectFrom('knowledge_versions')
        .selectAll()
        .where('version', '=', version)
        .executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    async editedInConsole() {
      const row = await db
        .selectFrom('knowledge_versions')
        .select('version')
        .where('published_by', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
