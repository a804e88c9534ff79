import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const BUILD_CONFIG = fileURLToPath(new URL('../tsconfig.build.json', import.meta.url));

/** The files `npm run build` compiles into dist/, as TypeScript itself resolves the build config. */
function builtFiles(): string[] {
  const { config } = ts.readConfigFile(BUILD_CONFIG, (path) => readFileSync(path, 'utf8'));
  const parsed = ts.parseJsonConfigFileContent(
    config,
    ts.sys,
    fileURLToPath(new URL('..', import.meta.url)),
  );
  return parsed.fileNames;
}

describe('the build', () => {
  it('compiles no test code into dist/', () => {
    const files = builtFiles();
    expect(files.length).toBeGreaterThan(50);
    const testFiles = files.filter((file) => /\.test\.tsx?$|\/test\//.test(file));
    expect(testFiles).toEqual([]);
    const importingTests = files.filter((file) =>
      /from '(vitest|[^']*\/test\/[^']*)'/.test(readFileSync(file, 'utf8')),
    );
    expect(importingTests).toEqual([]);
  });
});
