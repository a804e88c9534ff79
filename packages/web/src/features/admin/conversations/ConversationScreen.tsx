import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { StaffMessage } from '@supersteward/contract/staff';
import { ThumbDownIcon, ThumbUpIcon } from '../../../app/icons';
import { useStaffApi } from '../AdminServices';
import { AnswerText } from '../answers/AnswerText';
import { OutcomeBadge } from '../answers/OutcomeBadge';
import { SourcesList } from '../answers/SourcesList';
import { TraceView } from '../answers/TraceView';
import { PageHeader } from '../layout/PageHeader';
import { useFormats } from '../ui/format';
import { LoadState } from '../ui/LoadState';
import { useStaffQuery } from '../ui/useStaffQuery';

function MessageItem({ message, highlighted }: { message: StaffMessage; highlighted: boolean }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  if (message.role === 'user') {
    return (
      <li
        id={`m-${message.message_id}`}
        className="flex justify-end"
        data-testid="staff-message"
        data-role="user"
      >
        <div className="max-w-[85%] rounded-2xl bg-brand-700 px-4 py-2 text-white">
          <p className="sr-only">{t('conversations.passenger')}:</p>
          <p className="whitespace-pre-line break-words">{message.content}</p>
          <p className="mt-1 text-right text-xs text-brand-100">{f.dateTime(message.created_at)}</p>
        </div>
      </li>
    );
  }
  return (
    <li
      id={`m-${message.message_id}`}
      className={`rounded-2xl border bg-white p-4 ${highlighted ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-200'}`}
      data-testid="staff-message"
      data-role="assistant"
    >
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{t('conversations.assistant')}</span>
        {message.outcome ? <OutcomeBadge outcome={message.outcome} /> : null}
        {message.status !== 'complete' ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">
            {t(`conversations.status.${message.status}`)}
          </span>
        ) : null}
        <span>{f.dateTime(message.created_at)}</span>
        {message.latency_ms !== null ? <span>· {f.ms(message.latency_ms)}</span> : null}
        {message.sentiment ? (
          <span
            className="inline-flex items-center gap-1"
            data-testid="sentiment"
            data-sentiment={message.sentiment}
          >
            ·
            {message.sentiment === 'positive' ? (
              <ThumbUpIcon className="size-4 text-emerald-700" />
            ) : (
              <ThumbDownIcon className="size-4 text-red-700" />
            )}
            {t(message.sentiment === 'positive' ? 'overview.positive' : 'overview.negative')}
          </span>
        ) : null}
      </div>
      <AnswerText text={message.content} />
      {message.feedback_comment ? (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="font-medium">{t('gaps.comment')}:</span> {message.feedback_comment}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-3">
        <SourcesList sources={message.sources} />
        {message.trace ? (
          <details className="rounded-lg bg-slate-50 p-3">
            <summary className="focus-ring cursor-pointer rounded text-sm font-medium text-brand-700">
              {t('trace.title')}
            </summary>
            <div className="mt-3">
              <TraceView trace={message.trace} />
            </div>
          </details>
        ) : (
          <p className="text-xs text-slate-600">{t('trace.none')}</p>
        )}
      </div>
    </li>
  );
}

/** One thread as staff read it: every answer with its outcome, sources, rating and trace. */
export function ConversationScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const { threadId = '' } = useParams();
  const [params] = useSearchParams();
  const highlight = params.get('message');
  const f = useFormats();
  const query = useStaffQuery(
    (signal) => staff.conversation({ params: { id: threadId }, signal }),
    threadId,
  );
  const data = query.data;

  useEffect(() => {
    if (data && highlight)
      document.getElementById(`m-${highlight}`)?.scrollIntoView({ block: 'center' });
  }, [data, highlight]);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link
          to="/admin/conversations"
          className="focus-ring rounded text-brand-700 underline-offset-2 hover:underline"
        >
          ← {t('nav.conversations')}
        </Link>
      </p>
      <PageHeader
        title={data ? data.name || t('conversations.untitled') : t('conversations.thread')}
        description={
          data ? (
            <>
              {t('conversations.visitor')} <span className="font-mono">{data.visitor}</span> ·{' '}
              {f.dateTime(data.created_at)}
            </>
          ) : undefined
        }
      />
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {data ? (
        <ol className="flex flex-col gap-4" aria-label={t('conversations.messages')}>
          {data.messages.map((message) => (
            <MessageItem
              key={message.message_id}
              message={message}
              highlighted={message.message_id === highlight}
            />
          ))}
        </ol>
      ) : null}
    </>
  );
}
