import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Language } from '@supersteward/contract';
import type { TryResponse } from '@supersteward/contract/staff';
import { Spinner } from '../../../app/icons';
import { useStaffApi } from '../AdminServices';
import { AnswerText } from '../answers/AnswerText';
import { OutcomeBadge } from '../answers/OutcomeBadge';
import { SourcesList } from '../answers/SourcesList';
import { TraceView } from '../answers/TraceView';
import { errorDetail } from '../api/staffRequest';
import { draftChanges, useDraftStore } from '../knowledge/draft';
import { PageHeader } from '../layout/PageHeader';
import { useCan } from '../session/RequireRole';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, TextAreaField, TextField } from '../ui/fields';
import { LoadState } from '../ui/LoadState';
import { Section } from '../ui/Section';
import { useStaffQuery } from '../ui/useStaffQuery';
import { PinnedList } from './PinnedList';

const SELECT =
  'focus-ring rounded-lg border border-slate-300 bg-white px-2 py-2 text-base sm:text-sm';

interface Asked {
  question: string;
  language: Language;
  draft: boolean;
  response: TryResponse;
}

/** Pin the question just answered: its answer now becomes what it must keep answering. */
function PinForm({ asked, onPinned }: { asked: Asked; onPinned: () => void }) {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const changes = useDraftStore((s) => s.changes);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pin = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await staff.pin({
        body: {
          question: asked.question,
          language: asked.language,
          ...(asked.draft ? { changes: draftChanges(changes) } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      });
      setDone(true);
      onPinned();
    } catch (caught) {
      setError(errorDetail(caught) ?? t('errors.save'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="border-t border-slate-200 pt-3">
      <div role="status" aria-live="polite">
        {done ? (
          <p className="text-sm font-medium text-emerald-800" data-testid="pinned-status">
            {t('try.pinned')}
          </p>
        ) : null}
      </div>
      {done ? null : (
        <form onSubmit={(event) => void pin(event)} className="flex flex-wrap items-end gap-3">
          <div className="min-w-60 flex-1">
            <TextField
              label={t('try.note')}
              value={note}
              maxLength={300}
              onChange={(event) => setNote(event.target.value)}
              error={error}
            />
          </div>
          <button type="submit" className={BUTTON_SECONDARY} disabled={busy}>
            {busy ? <Spinner /> : null}
            {t('try.pin')}
          </button>
        </form>
      )}
    </div>
  );
}

/** The answer, where it came from, and how the engine found it. */
function TryAnswer({ asked, onPinned }: { asked: Asked; onPinned: () => void }) {
  const { t } = useTranslation('admin');
  const canEdit = useCan('editor');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [asked]);
  const r = asked.response;
  return (
    <section
      aria-labelledby="try-answer-title"
      className={`${CARD} flex flex-col gap-3`}
      data-testid="try-answer"
      data-knowledge={r.knowledge}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="try-answer-title"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 outline-none"
        >
          {t('try.answerTitle')}
        </h2>
        <span className="text-xs text-slate-600">
          {r.knowledge === 'draft' ? t('try.fromDraft') : t('try.fromPublished')}
        </span>
        <OutcomeBadge outcome={r.outcome} />
      </div>
      <p className="text-sm text-slate-700">“{asked.question}”</p>
      <div data-testid="try-answer-text" lang={r.language === 'mne' ? 'sr-Latn-ME' : 'en'}>
        <AnswerText text={r.answer} />
      </div>
      <SourcesList sources={r.sources} />
      {r.trace ? (
        <details className="rounded-lg bg-slate-50 p-3" open>
          <summary className="focus-ring cursor-pointer rounded text-sm font-medium text-brand-700">
            {t('trace.title')}
          </summary>
          <div className="mt-3">
            <TraceView trace={r.trace} />
          </div>
        </details>
      ) : (
        <p className="text-xs text-slate-600">{t('trace.none')}</p>
      )}
      {canEdit ? <PinForm key={asked.question} asked={asked} onPinned={onPinned} /> : null}
    </section>
  );
}

/** Ask as a passenger would, from the published knowledge base or the draft; pin what must hold. */
export function TryScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const [params] = useSearchParams();
  const changes = useDraftStore((s) => s.changes);
  const draft = draftChanges(changes);
  const [question, setQuestion] = useState(params.get('q') ?? '');
  const [language, setLanguage] = useState<Language>(params.get('lang') === 'en' ? 'en' : 'mne');
  const [useDraft, setUseDraft] = useState(params.get('knowledge') === 'draft');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  const regression = useStaffQuery((signal) => staff.regression({ signal }), 'regression');
  const fromDraft = useDraft && draft !== undefined;

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) return setError(t('try.required'));
    setBusy(true);
    setError(null);
    try {
      const response = await staff.tryQuestion({
        body: { question: text, language, ...(fromDraft ? { changes: draft } : {}) },
      });
      setAsked({ question: text, language, draft: fromDraft, response });
    } catch (caught) {
      setError(errorDetail(caught) ?? t('errors.load'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('nav.tryIt')} description={t('try.intro')} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <Section title={t('try.askTitle')}>
            <form
              onSubmit={(event) => void ask(event)}
              noValidate
              className="flex flex-col gap-3"
              data-testid="try-form"
            >
              <TextAreaField
                label={t('try.question')}
                value={question}
                rows={2}
                maxLength={2000}
                error={error}
                onChange={(event) => setQuestion(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
              />
              <div className="flex flex-wrap items-end gap-4">
                <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                  {t('try.language')}
                  <select
                    value={language}
                    onChange={(event) => setLanguage(event.target.value as Language)}
                    className={SELECT}
                  >
                    {(['mne', 'en'] as const).map((l) => (
                      <option key={l} value={l}>
                        {t(`languages.${l}`, { ns: 'translation' })}
                      </option>
                    ))}
                  </select>
                </label>
                <fieldset className="flex flex-col gap-1">
                  <legend className="text-sm font-medium text-slate-800">
                    {t('try.knowledge')}
                  </legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
                    <label className="flex items-center gap-2 py-1">
                      <input
                        type="radio"
                        name="try-knowledge"
                        checked={!fromDraft}
                        onChange={() => setUseDraft(false)}
                        className="size-4 accent-brand-700"
                      />
                      {t('try.published')}
                    </label>
                    <label className="flex items-center gap-2 py-1">
                      <input
                        type="radio"
                        name="try-knowledge"
                        checked={fromDraft}
                        disabled={!draft}
                        onChange={() => setUseDraft(true)}
                        className="size-4 accent-brand-700"
                      />
                      {draft ? t('try.draft', { n: draft.length }) : t('try.noDraft')}
                    </label>
                  </div>
                </fieldset>
                <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
                  {busy ? <Spinner /> : null}
                  {t('try.ask')}
                </button>
              </div>
            </form>
          </Section>
          <div role="status" aria-live="polite" className="sr-only">
            {busy ? t('loading') : ''}
          </div>
          {asked ? <TryAnswer asked={asked} onPinned={regression.reload} /> : null}
        </div>
        <Section title={t('try.guardTitle')} testId="guard" className="self-start">
          <LoadState
            loading={regression.loading && !regression.data}
            error={regression.error}
            reload={regression.reload}
          />
          {regression.data ? (
            <PinnedList list={regression.data} onChanged={regression.reload} />
          ) : null}
        </Section>
      </div>
    </>
  );
}
