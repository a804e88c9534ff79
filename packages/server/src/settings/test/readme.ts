/**
 * Keeps the README's settings table generated from the settings' declarations:
 *   npm run docs:settings      rewrites it
 * and settings/readme.test.ts fails while it differs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { settingsTable } from '../readme-table.js';
import { ALL_SETTINGS } from '../settings.js';

export const README_PATH = fileURLToPath(new URL('../../../../../README.md', import.meta.url));
const START = '<!-- settings table: generated from the declarations (npm run docs:settings) -->';
const END = '<!-- end of settings table -->';

/** The README as it should be: its settings table replaced by the generated one. */
export async function readmeWithSettings(readme: string): Promise<string> {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${START} … ${END}`);
  const updated = `${readme.slice(0, start + START.length)}\n\n${settingsTable(ALL_SETTINGS)}\n\n${readme.slice(end)}`;
  const options = await prettier.resolveConfig(README_PATH);
  return prettier.format(updated, { ...options, parser: 'markdown' });
}

if (process.argv.includes('--write')) {
  const readme = await readFile(README_PATH, 'utf8');
  await writeFile(README_PATH, await readmeWithSettings(readme));
  console.info(`README.md settings table: ${ALL_SETTINGS.length} settings`);
}
