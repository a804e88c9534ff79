import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TSchema, Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { parse } from 'yaml';

/**
 * A data file shipped with the server (language packs, the travel lexicon): found beside `src/`
 * or `dist/` alike, since both lie at the same depth in the package.
 */
export function shippedFile(folder: string, name: string): string {
  return fileURLToPath(new URL(`../../../${folder}/${name}`, import.meta.url));
}

/** Thrown for a data file that is not valid YAML or not in its documented format. */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'DataFileError';
  }
}

/** Parses YAML text and checks it against a schema; the error names the file and the first bad field. */
export function parseDataFile<T extends TSchema>(file: string, text: string, schema: T): Static<T> {
  let data: unknown;
  try {
    data = parse(text, { prettyErrors: true }) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DataFileError(file, `invalid YAML: ${detail}`);
  }
  if (data === null || data === undefined) data = {};
  const first = Value.Errors(schema, data).First();
  if (first) {
    const where = first.path ? `"${first.path.slice(1).replaceAll('/', '.')}"` : 'the file';
    throw new DataFileError(file, `${where}: ${first.message}`);
  }
  return data;
}

/** Reads and checks a shipped data file (at start; a broken one stops the server with its reason). */
export function readShippedFile<T extends TSchema>(
  folder: string,
  name: string,
  schema: T,
): Static<T> {
  const file = shippedFile(folder, name);
  return parseDataFile(file, readFileSync(file, 'utf8'), schema);
}
