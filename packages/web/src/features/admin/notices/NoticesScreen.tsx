import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@supersteward/contract/staff';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { useCan } from '../session/RequireRole';
import { LoadState } from '../ui/LoadState';
import { Section } from '../ui/Section';
import { useStaffQuery } from '../ui/useStaffQuery';
import { NoticeForm } from './NoticeForm';
import { NoticeItem } from './NoticeItem';

const STATES = ['active', 'scheduled', 'expired'] as const;

/**
 * Notices (screen 6): time-boxed texts in both languages that passengers see as a banner in the
 * chat and at the end of answers citing the articles they name. Editors and admins post, change,
 * end and delete them; viewers read.
 */
export function NoticesScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const canEdit = useCan('editor');
  const [round, setRound] = useState(0);
  const [editing, setEditing] = useState<Notice | null>(null);
  const notices = useStaffQuery((signal) => staff.notices({ signal }), `notices-${round}`);
  // The topics offered are the published articles (a viewer may read them too).
  const knowledge = useStaffQuery((signal) => staff.knowledge({ signal }), 'kb');
  const articles = knowledge.data?.articles ?? [];
  const refresh = () => setRound((r) => r + 1);

  const edit = (notice: Notice) => {
    setEditing(notice);
    requestAnimationFrame(() => {
      const form = document.getElementById('notice-form-section');
      form?.scrollIntoView({ block: 'start' });
      form?.querySelector('textarea')?.focus();
    });
  };

  return (
    <>
      <PageHeader title={t('nav.notices')} description={t('notices.intro')} />
      <div className="flex flex-col gap-6">
        {canEdit ? (
          <div id="notice-form-section" className="scroll-mt-20">
            <Section title={editing ? t('notices.editTitle') : t('notices.newTitle')}>
              <NoticeForm
                key={editing?.id ?? 'new'}
                editing={editing}
                articles={articles}
                onSaved={() => {
                  setEditing(null);
                  refresh();
                }}
                onCancel={() => setEditing(null)}
              />
            </Section>
          </div>
        ) : (
          <p className="text-sm text-slate-700" data-testid="notices-read-only">
            {t('notices.readOnly')}
          </p>
        )}
        <Section title={t('notices.listTitle')} testId="notice-list">
          <LoadState loading={notices.loading} error={notices.error} reload={notices.reload} />
          {notices.data && notices.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('notices.none')}</p>
          ) : null}
          {notices.data && notices.data.length > 0
            ? STATES.map((state) => {
                const group = notices.data?.filter((n) => n.state === state) ?? [];
                return (
                  <section
                    key={state}
                    aria-labelledby={`notices-${state}`}
                    className="mt-2 first-of-type:mt-0"
                  >
                    <h3 id={`notices-${state}`} className="text-sm font-semibold text-slate-800">
                      {t(`notices.groups.${state}`, { n: group.length })}
                    </h3>
                    {group.length > 0 ? (
                      <ul className="flex flex-col divide-y divide-slate-100">
                        {group.map((notice) => (
                          <NoticeItem
                            key={notice.id}
                            notice={notice}
                            articles={articles}
                            canEdit={canEdit}
                            onEdit={edit}
                            onChanged={() => {
                              if (editing?.id === notice.id) setEditing(null);
                              refresh();
                            }}
                          />
                        ))}
                      </ul>
                    ) : (
                      <p className="py-2 text-sm text-slate-600">{t(`notices.empty.${state}`)}</p>
                    )}
                  </section>
                );
              })
            : null}
        </Section>
      </div>
    </>
  );
}
