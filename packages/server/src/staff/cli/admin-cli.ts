import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { openDatabase } from '../../db/open-database.js';
import { SettingsError } from '../../settings/setting.js';
import { loadSettings } from '../../settings/settings.js';
import { createStaffServices } from '../staff-services.js';
import { CommandError, runAdminCommand } from './admin-commands.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `npm run admin -- …`: staff accounts from the command line, on the database the settings name. */
async function main(): Promise<void> {
  try {
    const settings = loadSettings(process.env);
    const database = await openDatabase({
      databaseUrl: settings.databaseUrl,
      dataDir: settings.dataDir,
      logger: pino({ level: 'warn' }),
    });
    try {
      await runAdminCommand(process.argv.slice(2), createStaffServices(database), {
        out: (line) => console.log(line),
        readStdin,
        now: () => Date.now(),
      });
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof SettingsError) console.error(`Invalid setting ${error.message}`);
    else if (
      error instanceof CommandError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    )
      console.error((error as Error).message);
    else console.error(`Failed: ${String(error instanceof Error ? error.message : error)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
