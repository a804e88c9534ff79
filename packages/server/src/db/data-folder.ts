import { existsSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const REASONS: Record<string, string> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of its path is a file, not a folder',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
};

function unusable(dataDir: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const reason = REASONS[code] ?? (error instanceof Error ? error.message : String(error));
  return new Error(`the data folder ${dataDir} cannot be used: ${reason} (${code || 'unknown'})`);
}

/**
 * Creates the SQLite data folder and checks that files can be written in it, so a start on a
 * folder that cannot be used fails with one line naming the folder and the reason (SQLite's own
 * "unable to open database file" names neither).
 */
export function prepareDataFolder(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    // A recursive mkdir under a read-only mount reports ENOENT: creating the first missing
    // folder alone gives the real reason.
    let first = dataDir;
    while (!existsSync(dirname(first)) && dirname(first) !== first) first = dirname(first);
    try {
      mkdirSync(first);
    } catch (direct) {
      throw unusable(dataDir, direct);
    }
    throw unusable(dataDir, error);
  }
  const probe = join(dataDir, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (error) {
    throw unusable(dataDir, error);
  }
}
