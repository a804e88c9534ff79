import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary, Notice } from '@supersteward/contract/staff';
import { normalizeLanguage } from '../../i18n/language';
import { showToast } from '../../toasts/toastStore';
import { useStaffApi } from '../AdminServices';
import { errorDetail } from '../api/staffRequest';
import { BUTTON_SECONDARY } from '../ui/fields';
import { useFormats } from '../ui/format';
import { DeleteNoticeDialog } from './DeleteNoticeDialog';
import { endedNow } from './noticeForm';
import { articleTitle } from './TopicPicker';

const STATE_BADGE: Record<Notice['state'], string> = {
  active: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  expired: 'bg-slate-100 text-slate-700',
};

/** A notice as staff see it: state, when it shows, both texts, its topics; editors act on it. */
export function NoticeItem({
  notice,
  articles,
  canEdit,
  onEdit,
  onChanged,
}: {
  notice: Notice;
  articles: readonly ArticleSummary[];
  canEdit: boolean;
  onEdit: (notice: Notice) => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const staff = useStaffApi();
  const f = useFormats();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const byId = new Map(articles.map((a) => [a.id, a]));

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      showToast({ type: 'SUCCESS', title: done });
      setConfirming(false);
      onChanged();
    } catch (caught) {
      showToast({
        type: 'ERROR',
        title: t('errors.save'),
        description: errorDetail(caught) ?? undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      className="flex flex-col gap-3 py-4"
      data-testid="notice-row"
      data-id={notice.id}
      data-state={notice.state}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_BADGE[notice.state]}`}
          data-testid="notice-state"
        >
          {t(`notices.state.${notice.state}`)}
        </span>
        <span className="text-slate-700">
          {t('notices.window', {
            from: f.dateTime(notice.starts_at),
            to: f.dateTime(notice.ends_at),
          })}
        </span>
      </div>
      <dl className="grid gap-2 text-sm lg:grid-cols-2">
        {(['mne', 'en'] as const).map((language) => (
          <div key={language} className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">
              {t(`notices.languages.${language}`)}
            </dt>
            <dd
              lang={language === 'mne' ? 'sr-Latn-ME' : 'en'}
              className="break-words whitespace-pre-line text-slate-900"
            >
              {notice.text[language]}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">
        {t('notices.topics')}:{' '}
        {notice.topics.length > 0
          ? notice.topics.map((id) => articleTitle(byId.get(id), id, i18n.language)).join(', ')
          : t('notices.bannerOnly')}
        {notice.created_by ? ` · ${t('notices.postedBy', { email: notice.created_by })}` : ''}
      </p>
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={BUTTON_SECONDARY}
            onClick={() => onEdit(notice)}
            disabled={busy}
          >
            {t('notices.edit')}
          </button>
          {notice.state === 'active' ? (
            <button
              type="button"
              className={BUTTON_SECONDARY}
              disabled={busy}
              onClick={() =>
                void act(
                  () =>
                    staff.updateNotice({
                      params: { id: notice.id },
                      body: endedNow(notice, Date.now()),
                    }),
                  t('notices.ended'),
                )
              }
            >
              {t('notices.endNow')}
            </button>
          ) : null}
          <button
            type="button"
            className={BUTTON_SECONDARY}
            onClick={() => setConfirming(true)}
            disabled={busy}
          >
            {t('notices.delete')}
          </button>
          <DeleteNoticeDialog
            open={confirming}
            text={notice.text[normalizeLanguage(i18n.language)]}
            busy={busy}
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              void act(
                () => staff.deleteNotice({ params: { id: notice.id } }),
                t('notices.deleted'),
              )
            }
          />
        </div>
      ) : null}
    </li>
  );
}
