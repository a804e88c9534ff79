import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_LIMITS, type ArticleSummary, type Notice } from '@supersteward/contract/staff';
import { Spinner } from '../../../app/icons';
import { showToast } from '../../toasts/toastStore';
import { useStaffApi } from '../AdminServices';
import { errorDetail } from '../api/staffRequest';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TextAreaField, TextField } from '../ui/fields';
import {
  draftOf,
  emptyDraft,
  inputOf,
  validateDraft,
  type NoticeDraft,
  type NoticeErrors,
  type NoticeField,
} from './noticeForm';
import { TopicPicker } from './TopicPicker';

/** The staff member's time zone, named for the hint under the times (the inputs are local). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A new notice, or the one being edited: both texts, the time it shows, the topics it names.
 * Checked here field by field as the server checks it; what the server still refuses is shown
 * under the form.
 */
export function NoticeForm({
  editing,
  articles,
  onSaved,
  onCancel,
}: {
  editing: Notice | null;
  articles: readonly ArticleSummary[];
  onSaved: (notice: Notice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<NoticeDraft>(() =>
    editing ? draftOf(editing) : emptyDraft(Date.now()),
  );
  const [errors, setErrors] = useState<NoticeErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof NoticeDraft) => (value: NoticeDraft[typeof field]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const errorOf = (field: NoticeField) => {
    const problem = errors[field];
    return problem ? t(`notices.${problem}`) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateDraft(draft);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      // The first field in error takes focus: its message is read with it.
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setBusy(true);
    try {
      const body = inputOf(draft);
      const saved = editing
        ? await staff.updateNotice({ params: { id: editing.id }, body })
        : await staff.createNotice({ body });
      showToast({ type: 'SUCCESS', title: t(editing ? 'notices.updated' : 'notices.created') });
      if (!editing) setDraft(emptyDraft(Date.now()));
      onSaved(saved);
    } catch (caught) {
      setServerError(errorDetail(caught) ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="notice-form"
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <TextAreaField
          label={t('notices.textMne')}
          hint={t('notices.plain')}
          lang="sr-Latn-ME"
          rows={3}
          maxLength={NOTICE_LIMITS.textMaxLength}
          value={draft.mne}
          onChange={(event) => set('mne')(event.target.value)}
          error={errorOf('mne')}
          required
        />
        <TextAreaField
          label={t('notices.textEn')}
          hint={t('notices.plain')}
          lang="en"
          rows={3}
          maxLength={NOTICE_LIMITS.textMaxLength}
          value={draft.en}
          onChange={(event) => set('en')(event.target.value)}
          error={errorOf('en')}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('notices.starts')}
          type="datetime-local"
          hint={t('notices.timeZone', { zone: timeZone() })}
          value={draft.startsAt}
          onChange={(event) => set('startsAt')(event.target.value)}
          error={errorOf('startsAt')}
          required
        />
        <TextField
          label={t('notices.ends')}
          type="datetime-local"
          hint={t('notices.timeZone', { zone: timeZone() })}
          value={draft.endsAt}
          onChange={(event) => set('endsAt')(event.target.value)}
          error={errorOf('endsAt')}
          required
        />
      </div>
      <TopicPicker
        articles={articles}
        value={draft.topics}
        onChange={(topics) => set('topics')(topics)}
        disabled={busy}
      />
      {serverError !== null ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {t('errors.save')}
          {serverError ? ` (${serverError})` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
          {busy ? <Spinner /> : null}
          {editing ? t('notices.save') : t('notices.post')}
        </button>
        {editing ? (
          <button type="button" className={BUTTON_SECONDARY} onClick={onCancel}>
            {t('notices.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
