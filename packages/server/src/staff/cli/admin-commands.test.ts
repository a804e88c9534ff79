import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles } from '../../answer/knowledge/loader.js';
import { BUNDLED_KNOWLEDGE_DIR } from '../../answer/settings.js';
import { openTestSqlite, type TestDatabase } from '../../store/test/databases.js';
import { verifyPassword } from '../access/passwords.js';
import { createKnowledgeStore } from '../knowledge/knowledge-store.js';
import { createStaffServices, type StaffServices } from '../staff-services.js';
import { CommandError, runAdminCommand } from './admin-commands.js';

describe('npm run admin', () => {
  let database: TestDatabase;
  let services: StaffServices;
  const lines: string[] = [];
  const run = (argv: string[], stdin = '') =>
    runAdminCommand(argv, services, {
      out: (line) => lines.push(line),
      readStdin: () => Promise.resolve(stdin),
      now: () => Date.now(),
    });

  beforeAll(async () => {
    database = await openTestSqlite();
    services = createStaffServices(database);
  });
  afterAll(() => database.cleanup());

  it('creates the first admin with a one-time password it prints once, and audits it', async () => {
    lines.length = 0;
    await run(['create-user', 'Boss@Airline.example', '--role', 'admin']);
    const password = /: (\S+)$/.exec(lines.at(-1) ?? '')?.[1] ?? '';
    expect(password).toMatch(/^(\w{5}-){3}\w{5}$/);
    const row = await services.users.byEmail('boss@airline.example');
    expect(row).toMatchObject({ role: 'admin', must_change_password: 1 });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(password);
    expect(await verifyPassword(row?.password_hash ?? '', password)).toBe(true);
    const audit = await services.audit.page({ limit: 1 });
    expect(audit.entries[0]).toMatchObject({ action: 'user.create', actor_id: null });
  });

  it('takes a password from standard input instead, and keeps it', async () => {
    await run(
      ['create-user', 'ed@airline.example', '--role', 'editor', '--password-stdin'],
      'my own long password\n',
    );
    const row = await services.users.byEmail('ed@airline.example');
    expect(row?.must_change_password).toBe(0);
    expect(await verifyPassword(row?.password_hash ?? '', 'my own long password')).toBe(true);
    await expect(
      run(
        ['create-user', 'short@airline.example', '--role', 'viewer', '--password-stdin'],
        'short',
      ),
    ).rejects.toThrow(CommandError);
  });

  it('refuses a taken e-mail, a missing or unknown role, a bad address; no default password exists', async () => {
    await expect(run(['create-user', 'boss@airline.example', '--role', 'admin'])).rejects.toThrow(
      /exists/,
    );
    await expect(run(['create-user', 'x@airline.example'])).rejects.toThrow(/--role/);
    await expect(run(['create-user', 'x@airline.example', '--role', 'root'])).rejects.toThrow(
      /--role/,
    );
    await expect(run(['create-user', 'not-an-email', '--role', 'admin'])).rejects.toThrow(/e-mail/);
    await expect(run(['frobnicate'])).rejects.toThrow(/Usage/);
    expect(await services.users.byEmail('x@airline.example')).toBeUndefined();
  });

  it('resets a password, unlocks, lists', async () => {
    lines.length = 0;
    await run(['reset-password', 'ed@airline.example']);
    expect(lines[0]).toMatch(/One-time password for ed@airline.example/);
    await run(['unlock', 'ed@airline.example']);
    await run(['list-users']);
    expect(lines.slice(-2)).toEqual(['boss@airline.example\tadmin', 'ed@airline.example\teditor']);
  });

  it('exports the published knowledge base as KNOWLEDGE_DIR files', async () => {
    const files = await folderFiles(BUNDLED_KNOWLEDGE_DIR);
    await createKnowledgeStore(database).seed(files, Date.now());
    const dir = await mkdtemp(join(tmpdir(), 'supersteward-export-'));
    try {
      await run(['export-knowledge', dir]);
      expect(await folderFiles(dir)).toEqual(files);
      expect(await readFile(join(dir, 'en', 'pets-cabin.md'), 'utf8')).toBe(
        files['en/pets-cabin.md'],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
