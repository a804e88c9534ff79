import type { StaffRole } from '@supersteward/contract';
import type { TestDatabase } from '../../store/test/databases.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';
import { makeAccount, TEST_PASSWORD } from './accounts.js';
import { sampleEngine } from './knowledge-engine.js';
import { staffClient, type StaffClient } from './staff-client.js';

/**
 * The app on the sample knowledge base, answering at once, on the test's clock, with one account
 * per role (`<role>@airline.example`) and a client signed in as each.
 */
export async function startSampleStaffApp<R extends StaffRole>(
  database: TestDatabase,
  clock: { now: number },
  roles: readonly R[],
): Promise<{ running: TestApp; as: Record<R, StaffClient> }> {
  const { engine, titles } = await sampleEngine();
  const running = await startTestApp({
    database,
    engine,
    titles,
    env: { ANSWER_PIECE_DELAY_MS: '0' },
    now: () => new Date(clock.now),
  });
  const as = {} as Record<R, StaffClient>;
  for (const role of roles) {
    const email = `${role}@airline.example`;
    await makeAccount(database, email, role);
    as[role] = staffClient(running.url);
    await as[role].login(email, TEST_PASSWORD);
  }
  return { running, as };
}
