import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { addDays, dayParam, podgoricaToday } from './days';
import { BUTTON_SECONDARY } from './fields';

const PRESETS = [7, 30, 90] as const;

/** The `from` / `to` days of a screen, kept in the address so a view can be shared. */
export function useDateRange(): { from: string | undefined; to: string | undefined } {
  const [params] = useSearchParams();
  return { from: dayParam(params.get('from')), to: dayParam(params.get('to')) };
}

/** From / to days and the last 7, 30 or 90 days; empty means the server's default (30 days). */
export function DateRangeFilter({ from, to }: { from?: string; to?: string }) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const [draftFrom, setDraftFrom] = useState(from ?? '');
  const [draftTo, setDraftTo] = useState(to ?? '');

  const apply = (nextFrom: string, nextTo: string) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of [
      ['from', nextFrom],
      ['to', nextTo],
    ] as const) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draftFrom, draftTo);
  };
  const preset = (days: number) => {
    const today = podgoricaToday();
    const start = addDays(today, -(days - 1));
    setDraftFrom(start);
    setDraftTo(today);
    apply(start, today);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t('range.label')}
      className="flex flex-wrap items-end gap-2"
      data-testid="date-range"
    >
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        {t('range.from')}
        <input
          type="date"
          value={draftFrom}
          max={draftTo || undefined}
          onChange={(event) => setDraftFrom(event.target.value)}
          className="focus-ring rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        {t('range.to')}
        <input
          type="date"
          value={draftTo}
          min={draftFrom || undefined}
          onChange={(event) => setDraftTo(event.target.value)}
          className="focus-ring rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
        />
      </label>
      <button type="submit" className={BUTTON_SECONDARY}>
        {t('range.apply')}
      </button>
      <div role="group" aria-label={t('range.presets')} className="flex flex-wrap gap-1">
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            onClick={() => preset(days)}
            className="focus-ring rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
          >
            {t('range.lastDays', { days })}
          </button>
        ))}
      </div>
    </form>
  );
}
