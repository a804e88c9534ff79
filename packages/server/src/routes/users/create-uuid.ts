import { randomUUID } from 'node:crypto';
import { CreateUuidResponse } from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { errorResponses, type App } from '../../http/app-types.js';
import { takeDaily } from '../../http/daily-limit.js';

/** POST /user/create_uuid: a new anonymous visitor, limited per client IP per day. */
export function registerUserRoutes(app: App, deps: AppDeps, now: () => Date): void {
  const { store, quota, settings } = deps;
  app.post(
    '/user/create_uuid',
    {
      schema: {
        summary: 'Create a visitor id',
        tags: ['visitor'],
        response: { 200: CreateUuidResponse, ...errorResponses(400, 415, 429) },
      },
    },
    async (request) => {
      await takeDaily(quota, {
        key: `uuid:ip:${request.ip}`,
        limit: settings.uuidDailyLimitPerIp,
        now: now(),
        detail: (limit, resetAt) =>
          `Too many visitor ids from this address today (limit ${limit}); try again after ${resetAt}.`,
      });
      const id = randomUUID();
      await store.createUser(id);
      return { id };
    },
  );
}
