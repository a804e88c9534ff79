import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { STAFF_LIMITS, STAFF_ROLES, type StaffRole } from '@supersteward/contract';
import { hashPassword, oneTimePassword } from '../access/passwords.js';
import { normalizeEmail } from '../access/staff-users.js';
import { accountKey } from '../access/throttle.js';
import { COMMAND_LINE } from '../audit/audit-log.js';
import { createKnowledgeStore } from '../knowledge/knowledge-store.js';
import type { StaffServices } from '../staff-services.js';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  create-user EMAIL --role admin|editor|viewer [--password-stdin]
      Creates a staff account and prints its one-time password (replaced at the first sign-in).
      With --password-stdin the password is read from standard input instead and kept.
  reset-password EMAIL      prints a new one-time password; signs the account out everywhere
  unlock EMAIL              lifts a lock after failed sign-ins
  list-users                every account with its role
  export-knowledge DIR      writes the published knowledge base into DIR (mne/, en/), as KNOWLEDGE_DIR
`;

export class CommandError extends Error {}

export interface CommandIo {
  out: (line: string) => void;
  /** Standard input as text (for --password-stdin). */
  readStdin: () => Promise<string>;
  now: () => number;
}

function emailArg(positionals: string[]): string {
  const email = positionals[1];
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > STAFF_LIMITS.emailMaxLength) {
    throw new CommandError('Give the e-mail address of the account');
  }
  return normalizeEmail(email);
}

/** Runs one admin command against the staff services; throws CommandError for a bad command. */
export async function runAdminCommand(
  argv: string[],
  services: StaffServices,
  io: CommandIo,
): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  const { users, sessions, throttle, audit } = services;
  switch (command) {
    case 'create-user': {
      const email = emailArg(positionals);
      const role = values.role as StaffRole | undefined;
      if (!role || !STAFF_ROLES.includes(role)) {
        throw new CommandError(`Give --role ${STAFF_ROLES.join('|')}`);
      }
      let password = oneTimePassword();
      const own = values['password-stdin'];
      if (own) {
        password = (await io.readStdin()).split(/\r?\n/)[0] ?? '';
        if (password.length < STAFF_LIMITS.passwordMinLength) {
          throw new CommandError(
            `The password must have at least ${STAFF_LIMITS.passwordMinLength} characters`,
          );
        }
      }
      const row = await users.create({
        email,
        role,
        passwordHash: await hashPassword(password),
        mustChangePassword: !own,
        now: io.now(),
      });
      if (!row) throw new CommandError(`A staff account ${email} exists already`);
      await audit.write({
        actor: COMMAND_LINE,
        action: 'user.create',
        target: row.id,
        detail: { email, role, via: 'command line' },
        at: io.now(),
      });
      io.out(`Created ${role} ${email}.`);
      if (!own)
        io.out(`One-time password (shown once; replaced at the first sign-in): ${password}`);
      return;
    }
    case 'reset-password': {
      const email = emailArg(positionals);
      const row = await users.byEmail(email);
      if (!row) throw new CommandError(`No staff account ${email}`);
      const password = oneTimePassword();
      await users.setPassword(row.id, await hashPassword(password), true);
      await sessions.endAll(row.id);
      await throttle.clear(accountKey(email));
      await audit.write({
        actor: COMMAND_LINE,
        action: 'user.reset_password',
        target: row.id,
        detail: { email, via: 'command line' },
        at: io.now(),
      });
      io.out(`One-time password for ${email} (shown once): ${password}`);
      return;
    }
    case 'unlock': {
      const email = emailArg(positionals);
      const row = await users.byEmail(email);
      if (!row) throw new CommandError(`No staff account ${email}`);
      await throttle.clear(accountKey(email));
      await audit.write({
        actor: COMMAND_LINE,
        action: 'user.update',
        target: row.id,
        detail: { email, unlock: true, via: 'command line' },
        at: io.now(),
      });
      io.out(`Unlocked ${email}.`);
      return;
    }
    case 'list-users': {
      for (const row of await users.list()) {
        io.out(`${row.email}\t${row.role}${Number(row.disabled) === 1 ? '\tdisabled' : ''}`);
      }
      return;
    }
    case 'export-knowledge': {
      const dir = positionals[1];
      if (!dir) throw new CommandError('Give the folder to write the knowledge base into');
      const store = createKnowledgeStore(services.database);
      const version = await store.latest();
      if (version === undefined) throw new CommandError('The database holds no knowledge base yet');
      const files = (await store.filesAt(version)) ?? {};
      for (const [file, content] of Object.entries(files)) {
        const target = path.join(dir, file);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, content);
      }
      io.out(`Wrote version ${version} (${Object.keys(files).length} files) into ${dir}.`);
      return;
    }
    default:
      throw new CommandError(ADMIN_USAGE);
  }
}
