import type { StaffRole } from '@supersteward/contract';
import type { Database } from '../../db/open-database.js';
import { hashPassword } from '../access/passwords.js';
import { createStaffServices } from '../staff-services.js';

export const TEST_PASSWORD = 'correct horse battery staple';

/** A staff account with a known password (already replaced, so every endpoint is open to it). */
export async function makeAccount(
  database: Database,
  email: string,
  role: StaffRole,
  password = TEST_PASSWORD,
): Promise<string> {
  const row = await createStaffServices(database).users.create({
    email,
    role,
    passwordHash: await hashPassword(password),
    mustChangePassword: false,
    now: Date.now(),
  });
  if (!row) throw new Error(`account ${email} exists`);
  return row.id;
}
