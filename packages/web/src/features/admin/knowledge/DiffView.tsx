import { useTranslation } from 'react-i18next';
import type { VersionFileDiff } from '@supersteward/contract/staff';

function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'text-slate-600';
  if (line.startsWith('+')) return 'bg-emerald-50 text-emerald-900';
  if (line.startsWith('-')) return 'bg-red-50 text-red-900';
  if (line.startsWith('@@')) return 'text-sky-800';
  return 'text-slate-800';
}

/** One file's unified diff, lines marked as added or removed (the +/- stay in the text). */
export function DiffView({ file }: { file: VersionFileDiff }) {
  const { t } = useTranslation('admin');
  const label = t('kb.diffOf', {
    id: file.id,
    language: t(`languages.${file.language}`, { ns: 'translation' }),
  });
  const lines = file.diff
    .split('\n')
    .filter((line) => !line.startsWith('Index:') && !/^=+$/.test(line));
  return (
    <section className="min-w-0" data-testid="diff" data-file={`${file.language}/${file.id}`}>
      <h2 className="mb-1 text-sm font-semibold text-slate-900">
        {label} · {t(`kb.action.${file.action}`)}
      </h2>
      <pre
        tabIndex={0}
        aria-label={label}
        className="focus-ring max-h-[32rem] overflow-auto rounded-lg border border-slate-200 bg-white p-2 font-mono text-xs leading-relaxed"
      >
        {lines.map((line, i) => (
          <span key={i} className={`block whitespace-pre-wrap break-words ${lineClass(line)}`}>
            {line || ' '}
          </span>
        ))}
      </pre>
    </section>
  );
}
