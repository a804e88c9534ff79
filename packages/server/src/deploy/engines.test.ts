import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** What `npm ci` installs must run on the Node version the project declares (no EBADENGINE). */
describe('installed packages and the declared Node version', () => {
  it('every package in the lock file supports the lowest Node the project declares', () => {
    const manifest = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
      engines: { node: string };
    };
    const lowest = semver.minVersion(manifest.engines.node)!.version;
    const lock = JSON.parse(readFileSync(`${ROOT}package-lock.json`, 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return node !== undefined && !semver.satisfies(lowest, node);
      })
      .map(([path, entry]) => `${path}@${entry.version ?? '?'}`);
    expect(refusing).toEqual([]);
  });
});
