import { useTranslation } from 'react-i18next';
import { ChildIcon, LuggageIcon, PawIcon } from '../../app/icons';

const CARDS = [
  // The luggage card is hidden on small screens.
  { id: 'luggage', icon: LuggageIcon, className: 'hidden sm:flex' },
  { id: 'pets', icon: PawIcon, className: 'flex' },
  { id: 'children', icon: ChildIcon, className: 'flex' },
] as const;

export function SuggestedQuestions({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (question: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="suggestions-heading" className="w-full">
      <h3 id="suggestions-heading" className="sr-only">
        {t('suggestions.label')}
      </h3>
      <ul className="grid gap-3 sm:grid-cols-3">
        {CARDS.map(({ id, icon: Icon, className }) => {
          const question = t(`suggestions.${id}`);
          return (
            <li key={id} className={className} data-testid={`suggestion-${id}`}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onPick(question)}
                className="focus-ring flex w-full flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-brand-200 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <span className="flex items-center gap-2 text-sm font-semibold text-brand-800">
                  <Icon className="size-5" />
                  {t(`suggestions.${id}Title`)}
                </span>
                <span className="text-sm text-slate-700">{question}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
