import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { README_PATH, readmeWithSettings } from './test/readme.js';
import { ALL_SETTINGS } from './settings.js';

describe('README', () => {
  it('holds the settings table generated from the declarations (npm run docs:settings)', async () => {
    const readme = await readFile(README_PATH, 'utf8');
    expect(readme, 'README.md is out of date: run npm run docs:settings').toBe(
      await readmeWithSettings(readme),
    );
    for (const entry of ALL_SETTINGS) {
      expect(readme).toMatch(new RegExp(`^\\|\\s*\`${entry.name}\`\\s*\\|`, 'm'));
    }
  });

  it('shows the run and test commands', async () => {
    const readme = await readFile(README_PATH, 'utf8');
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
  });
});
