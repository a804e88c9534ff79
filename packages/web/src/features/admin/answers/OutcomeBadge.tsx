import { useTranslation } from 'react-i18next';
import type { AnswerOutcome } from '@supersteward/contract/staff';

const STYLES: Record<AnswerOutcome, string> = {
  answered: 'bg-emerald-100 text-emerald-900',
  out_of_scope: 'bg-amber-100 text-amber-900',
  small_talk: 'bg-sky-100 text-sky-900',
  failed: 'bg-red-100 text-red-900',
};

export function OutcomeBadge({ outcome }: { outcome: AnswerOutcome }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STYLES[outcome]}`}
      data-testid="outcome"
      data-outcome={outcome}
    >
      {t(`outcomes.${outcome}`)}
    </span>
  );
}
