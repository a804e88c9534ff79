import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS_TABLE } from './settings.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it.each(SETTINGS_TABLE.map((row) => [row.name, row.default] as const))(
    'documents the setting %s with its default',
    (name, fallback) => {
      const row = new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`);
      const line = readme.split('\n').find((l) => row.test(l));
      expect(line, `README settings table row for ${name}`).toBeDefined();
      expect(line?.replace(/`/g, '')).toContain(fallback.replace(/`/g, ''));
    },
  );

  it('shows the run and test commands', () => {
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
  });
});
