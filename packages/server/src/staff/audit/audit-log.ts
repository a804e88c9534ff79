import type { AuditEntry, AuditPage } from '@supersteward/contract';
import type { Database } from '../../db/open-database.js';

/** Who did it: a signed-in staff member, or nobody (the command line, a failed login). */
export interface Actor {
  id: string | null;
  email: string | null;
}

export const COMMAND_LINE: Actor = { id: null, email: null };

export interface AuditRecord {
  actor: Actor;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown>;
  at: number;
}

export interface AuditLog {
  write(record: AuditRecord): Promise<void>;
  page(query: {
    before?: string | undefined;
    limit: number;
    actorId?: string | undefined;
    action?: string | undefined;
  }): Promise<AuditPage>;
}

export function createAuditLog(database: Database): AuditLog {
  const { db } = database;
  return {
    async write({ actor, action, target = null, detail = {}, at }) {
      await db
        .insertInto('staff_audit')
        .values({
          at,
          actor_id: actor.id,
          actor_email: actor.email,
          action,
          target,
          detail: JSON.stringify(detail),
        })
        .execute();
    },

    async page({ before, limit, actorId, action }) {
      let query = db
        .selectFrom('staff_audit')
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(limit + 1);
      if (before !== undefined && /^\d+$/.test(before))
        query = query.where('seq', '<', Number(before));
      if (actorId !== undefined) query = query.where('actor_id', '=', actorId);
      if (action !== undefined) query = query.where('action', '=', action);
      const rows = await query.execute();
      const entries: AuditEntry[] = rows.slice(0, limit).map((row) => ({
        id: String(row.seq),
        at: new Date(Number(row.at)).toISOString(),
        actor_id: row.actor_id,
        actor_email: row.actor_email,
        action: row.action,
        target: row.target,
        detail: JSON.parse(row.detail) as Record<string, unknown>,
      }));
      const last = entries.at(-1);
      return { entries, next_before: rows.length > limit && last ? last.id : null };
    },
  };
}
