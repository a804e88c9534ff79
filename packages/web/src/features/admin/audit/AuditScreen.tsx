import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@supersteward/contract/staff';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { BUTTON_SECONDARY, CARD } from '../ui/fields';
import { useFormats } from '../ui/format';
import { LoadState } from '../ui/LoadState';
import { useStaffQuery } from '../ui/useStaffQuery';

const SELECT = 'focus-ring rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm';

function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** Who did what to what, and when: every staff action, newest first (admins only). */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const f = useFormats();
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor') ?? undefined;
  const action = params.get('action') ?? undefined;
  const users = useStaffQuery((signal) => staff.listUsers({ signal }), 'users');
  const key = `${actor}|${action}`;
  const query = useStaffQuery(
    (signal) => staff.audit({ query: { actor_id: actor, action }, signal }),
    key,
  );
  const [more, setMore] = useState<{ entries: AuditEntry[]; next: string | null } | null>(null);
  useEffect(() => setMore(null), [key]);
  const entries = [...(query.data?.entries ?? []), ...(more?.entries ?? [])];
  const next = more ? more.next : (query.data?.next_before ?? null);
  const setParam = (name: string, value: string) => {
    const copy = new URLSearchParams(params);
    if (value) copy.set(name, value);
    else copy.delete(name);
    setParams(copy, { replace: true });
  };
  const loadMore = async () => {
    if (!next) return;
    const page = await staff.audit({ query: { actor_id: actor, action, before: next } });
    setMore((prev) => ({
      entries: [...(prev?.entries ?? []), ...page.entries],
      next: page.next_before,
    }));
  };

  return (
    <>
      <PageHeader title={t('nav.audit')} description={t('audit.intro')} />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
          {t('audit.actor')}
          <select
            value={actor ?? ''}
            onChange={(event) => setParam('actor', event.target.value)}
            className={SELECT}
          >
            <option value="">{t('conversations.any')}</option>
            {(users.data ?? []).map((user) => (
              <option key={user.id} value={user.id}>
                {user.email}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
          {t('audit.action')}
          <input
            type="search"
            defaultValue={action ?? ''}
            placeholder="kb.publish"
            onKeyDown={(event) => {
              if (event.key === 'Enter') setParam('action', event.currentTarget.value.trim());
            }}
            onBlur={(event) => setParam('action', event.currentTarget.value.trim())}
            className="focus-ring rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
        </label>
      </div>
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {query.data ? (
        <div className={CARD}>
          {entries.length === 0 ? (
            <p className="text-sm text-slate-600">{t('audit.none')}</p>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-100" aria-label={t('nav.audit')}>
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  className="py-3 text-sm"
                  data-testid="audit-row"
                  data-action={entry.action}
                >
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <span className="font-mono text-xs font-semibold text-brand-900">
                      {entry.action}
                    </span>
                    <span className="break-all text-slate-800">
                      {entry.actor_email ?? t('audit.system')}
                    </span>
                    <time dateTime={entry.at} className="text-xs text-slate-600">
                      {f.dateTime(entry.at)}
                    </time>
                  </div>
                  {entry.target ? (
                    <p className="mt-1 text-xs text-slate-700">
                      {t('audit.target')}:{' '}
                      <span className="font-mono break-all">{entry.target}</span>
                    </p>
                  ) : null}
                  {Object.keys(entry.detail).length ? (
                    <p className="mt-1 text-xs break-words text-slate-600">
                      {detailText(entry.detail)}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          {next ? (
            <div className="mt-3">
              <button type="button" className={BUTTON_SECONDARY} onClick={() => void loadMore()}>
                {t('conversations.more')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
