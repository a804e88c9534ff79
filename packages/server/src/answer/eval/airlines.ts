import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * `eval.json` beside an airline's question files: which knowledge base they are about, the
 * settings the airline runs with, and which sets `--require-all` requires to pass.
 */
const Manifest = Type.Object(
  {
    airline: Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }),
    knowledge: Type.String({ minLength: 1 }),
    env: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }), Type.String())),
    required: Type.Array(Type.String()),
    /** Least share of a required set that must pass (default 1: every question). */
    pass_share: Type.Optional(Type.Record(Type.String(), Type.Number({ minimum: 0, maximum: 1 }))),
    unseen: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type Manifest = Static<typeof Manifest>;

export interface EvalSet {
  /** The file name without `.jsonl`: `dev`, `holdout`, `extra`… */
  name: string;
  file: string;
  /** `--require-all` fails unless this set passes (its `passShare` of the questions). */
  required: boolean;
  /** Share of the questions a required set must pass: 1 (all) unless `eval.json` says less. */
  passShare: number;
  /** A blind set: its failures are not printed unless asked for (`--failures`). */
  holdout: boolean;
}

export interface SampleAirline {
  id: string;
  knowledgeDir: string;
  /** Settings the airline runs with, as the server reads them (AIRLINE_NAME, SUPPORT_EMAIL…). */
  env: Record<string, string>;
  /** Stands for an airline nobody on the team has seen: the engine is never tuned on it. */
  unseen: boolean;
  sets: EvalSet[];
}

export const MANIFEST = 'eval.json';

/** Reads `<evalDir>/eval.json` and lists the `*.jsonl` sets beside it. */
export async function readSampleAirline(evalDir: string): Promise<SampleAirline> {
  const file = path.join(evalDir, MANIFEST);
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  if (!Value.Check(Manifest, manifest)) {
    const first = Value.Errors(Manifest, manifest).First();
    throw new Error(`${file}: ${first?.path || '/'} ${first?.message ?? 'is not valid'}`);
  }
  const valid: Manifest = manifest;
  const names = (await readdir(evalDir))
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => name.slice(0, -'.jsonl'.length))
    .sort(bySetName);
  for (const name of valid.required) {
    if (!names.includes(name)) throw new Error(`${file}: required set "${name}.jsonl" not found`);
  }
  for (const name of Object.keys(valid.pass_share ?? {})) {
    if (!valid.required.includes(name))
      throw new Error(`${file}: pass_share names "${name}", which is not a required set`);
  }
  return {
    id: valid.airline,
    knowledgeDir: path.resolve(evalDir, valid.knowledge),
    env: valid.env ?? {},
    unseen: valid.unseen ?? false,
    sets: names.map((name) => ({
      name,
      file: path.join(evalDir, `${name}.jsonl`),
      required: valid.required.includes(name),
      passShare: valid.pass_share?.[name] ?? 1,
      holdout: name.startsWith('holdout'),
    })),
  };
}

// dev first, then the other development sets, then the holdouts in their numeric order.
function bySetName(a: string, b: string): number {
  const rank = (name: string) => (name === 'dev' ? 0 : name.startsWith('holdout') ? 2 : 1);
  return rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true });
}

/**
 * Every sample airline of the repository: the bundled one (`eval/` scoring `knowledge/`) first,
 * then each `knowledge-samples/<airline>/eval/` by name, unseen ones last.
 */
export async function findSampleAirlines(root: string): Promise<SampleAirline[]> {
  const airlines = [await readSampleAirline(path.join(root, 'eval'))];
  const samples = path.join(root, 'knowledge-samples');
  const entries = await readdir(samples, { withFileTypes: true }).catch(() => []);
  for (const entry of entries
    .filter((e) => e.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const evalDir = path.join(samples, entry.name, 'eval');
    const files = await readdir(evalDir).catch(() => [] as string[]);
    if (files.includes(MANIFEST)) airlines.push(await readSampleAirline(evalDir));
  }
  // Unseen airlines last: the lines above them are the ones to develop on.
  airlines.sort((a, b) => Number(a.unseen) - Number(b.unseen));
  const ids = new Set<string>();
  for (const airline of airlines) {
    if (ids.has(airline.id)) throw new Error(`two sample airlines are called "${airline.id}"`);
    ids.add(airline.id);
  }
  return airlines;
}
