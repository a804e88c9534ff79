import type { Setting } from './setting.js';

/** The README's words for a default: `code` for values, plain words for the rest. */
function shownDefault(entry: Setting<unknown>): string {
  if (entry.shownDefault !== undefined) return entry.shownDefault;
  if (entry.requiredWhen !== undefined) return 'unset';
  // A default is a scalar or a list of them.
  const value = entry.default as string | number | boolean | readonly string[] | undefined;
  if (value === undefined) return 'unset';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}

/** The settings table as Markdown (unaligned; prettier aligns the README). */
export function settingsTable(settings: readonly Setting<unknown>[]): string {
  const rows = settings.map(
    (entry) =>
      `| \`${entry.name}\` | ${shownDefault(entry)} | ${entry.meaning}${entry.requiredWhen ? ` (required when ${entry.requiredWhen})` : ''} |`,
  );
  return ['| name | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
