/**
 * One setting is declared once, as `{ name, default, parse, meaning }`: the typed settings, the
 * validation messages and the README table (settings/readme-table.ts) are all derived from it.
 * Each part of the server declares its own settings next to its code.
 */

/** A setting that cannot be used. Its message is one line naming the variable. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`${variable}: ${reason}`);
  }
}

/** Thrown by a parser; the reader adds the variable's name. */
export class InvalidValue extends Error {}

export interface Setting<T> {
  /** The environment variable. */
  readonly name: string;
  /** The value when the variable is unset or blank. */
  readonly default: T;
  /** How the README states the default when the value itself says little (a path, a random key). */
  readonly shownDefault?: string;
  /** Turns the trimmed, non-empty text into the value; throws InvalidValue with the reason. */
  readonly parse: (raw: string) => T;
  /** One line for the README. */
  readonly meaning: string;
  /** Set when the variable must be given whenever its part is in use: says when. */
  readonly requiredWhen?: string;
}

// A record of settings keyed by the field of the typed settings each one fills.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any setting, whatever its value type
export type SettingEntries = Readonly<Record<string, Setting<any>>>;
export type SettingValues<E extends SettingEntries> = {
  -readonly [K in keyof E]: E[K] extends Setting<infer T> ? T : never;
};

export function setting<T>(declaration: Setting<T>): Setting<T> {
  return declaration;
}

/** A setting with no default value: unset means the feature it names is off. */
export function optionalSetting<T>(
  declaration: Omit<Setting<T>, 'default'>,
): Setting<T | undefined> {
  return { ...declaration, default: undefined };
}

/**
 * A setting its part cannot do without. It is read only when that part is in use (the chosen
 * captcha provider, a configured model), and then an unset value is refused.
 */
export function requiredSetting<T>(
  declaration: Omit<Setting<T>, 'default'> & { requiredWhen: string },
): Setting<T> {
  return {
    ...declaration,
    get default(): T {
      throw new SettingsError(declaration.name, `is required when ${declaration.requiredWhen}`);
    },
  };
}

/** Reads settings from one environment; empty values count as unset. */
export class SettingsReader {
  constructor(private readonly env: Record<string, string | undefined>) {}

  get<T>(entry: Setting<T>): T {
    const raw = this.env[entry.name]?.trim();
    if (!raw) return entry.default;
    try {
      return entry.parse(raw);
    } catch (error) {
      if (error instanceof InvalidValue) throw new SettingsError(entry.name, error.message);
      throw error;
    }
  }

  all<E extends SettingEntries>(entries: E): SettingValues<E> {
    const values: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(entries)) values[key] = this.get(entry);
    return values as SettingValues<E>;
  }

  /** Whether the variable is given at all (not whether it is valid). */
  isSet(entry: Setting<unknown>): boolean {
    return Boolean(this.env[entry.name]?.trim());
  }
}

// Parsers: each turns the text into a value or says, in a few words, why it cannot.

export const text = (raw: string): string => raw;

export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (raw: string) => number {
  return (raw) => {
    if (!/^-?\d+$/.test(raw)) throw new InvalidValue(`must be a whole number, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max) {
      throw new InvalidValue(`must be between ${min} and ${max}, got ${raw}`);
    }
    return value;
  };
}

export function fraction(raw: string): number {
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value >= 0 && value <= 1)) {
    throw new InvalidValue(`must be a number from 0 to 1, got "${raw}"`);
  }
  return value;
}

export const HTTP_PROTOCOLS = ['http:', 'https:'] as const;

export function urlWith(protocols: readonly string[]): (raw: string) => string {
  return (raw) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new InvalidValue('must be a URL');
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new InvalidValue(`must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
    }
    return raw;
  };
}

/** One of a few words, in any letter case. */
export function oneOf<const T extends string>(choices: readonly T[]): (raw: string) => T {
  return (raw) => {
    const value = raw.toLowerCase() as T;
    if (!choices.includes(value)) {
      throw new InvalidValue(`must be one of ${choices.join(', ')}, got "${raw}"`);
    }
    return value;
  };
}

export function matching(pattern: RegExp, reason: string): (raw: string) => string {
  return (raw) => {
    if (!pattern.test(raw)) throw new InvalidValue(reason.replace('%s', raw));
    return raw;
  };
}
