import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sentiment } from '@supersteward/contract';
import type { ChatMessage } from './chatStore';
import { loadMarkdown } from './loadMarkdown';
import { useOncePerFrame } from './useOncePerFrame';
import { RATE_LIMIT_MESSAGE_ID } from './rateLimit';
import { AirlineLogo, LinkIcon, ThumbDownIcon, ThumbUpIcon } from '../../app/icons';

const Markdown = lazy(loadMarkdown);

export type FeedbackHandler = (messageId: string, sentiment: Sentiment) => void;

function canRate(message: ChatMessage): boolean {
  return (
    !message.pending &&
    !message.stalled &&
    message.status !== 'streaming' &&
    message.message_id !== '' &&
    message.message_id !== RATE_LIMIT_MESSAGE_ID
  );
}

/** The two ratings: sentiment, its button's name and the colour it shows when chosen. */
const RATINGS = [
  ['positive', 'chat.feedbackUp', 'text-green-700', ThumbUpIcon],
  ['negative', 'chat.feedbackDown', 'text-red-700', ThumbDownIcon],
] as const;

function Feedback({ message, onFeedback }: { message: ChatMessage; onFeedback: FeedbackHandler }) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex gap-1">
      {RATINGS.map(([sentiment, label, colour, Icon]) => {
        const chosen = message.sentiment === sentiment;
        return (
          <button
            key={sentiment}
            type="button"
            className={`focus-ring inline-flex size-9 items-center justify-center rounded-lg transition-colors hover:bg-slate-100 ${chosen ? colour : 'text-slate-500'}`}
            aria-pressed={chosen}
            aria-label={t(label)}
            title={t(label)}
            onClick={() => onFeedback(message.message_id, chosen ? null : sentiment)}
          >
            <Icon className="size-5" fill={chosen ? 'currentColor' : 'none'} />
          </button>
        );
      })}
    </div>
  );
}

function Sources({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (!message.sources?.length) return null;
  return (
    <div className="mt-3 border-t border-slate-100 pt-2">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t('chat.sources')}
      </p>
      <ul className="mt-1 flex flex-wrap gap-2" data-testid="sources">
        {message.sources.map((source) => (
          <li key={source.id}>
            {source.url && /^https?:\/\//i.test(source.url) ? (
              <a
                href={source.url}
                target="_blank"
                rel="noopener noreferrer"
                className="focus-ring inline-flex items-center gap-1.5 rounded-xl bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 hover:bg-brand-100"
              >
                {source.title}
                <LinkIcon className="size-3.5 shrink-0" />
                <span className="sr-only">{t('common.newTab')}</span>
              </a>
            ) : (
              <span className="inline-flex rounded-xl bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                {source.title}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Pending({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 text-slate-600">
      <span>{label}</span>
      <span aria-hidden="true" className="flex gap-1">
        <span className="typing-dot size-1.5 rounded-full bg-slate-400" />
        <span className="typing-dot size-1.5 rounded-full bg-slate-400 [animation-delay:150ms]" />
        <span className="typing-dot size-1.5 rounded-full bg-slate-400 [animation-delay:300ms]" />
      </span>
    </p>
  );
}

interface RowProps {
  message: ChatMessage;
  onFeedback: FeedbackHandler;
  /** Asks the failed answer's question again. */
  onRetry: () => void;
}

/**
 * One message. Memoized on the message object: while an answer streams only the last row gets a
 * new object, so the rest of the history does not re-render per piece.
 */
export const MessageRow = memo(function MessageRow({ message, onFeedback, onRetry }: RowProps) {
  const { t } = useTranslation();
  // While the answer streams its Markdown follows at most once per animation frame; at
  // message:done (status no longer streaming) the whole answer is rendered at once.
  const text = useOncePerFrame(message.content, message.status === 'streaming');
  if (message.role === 'user') {
    return (
      <li className="message-row flex justify-end" data-testid="message" data-role="user">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-700 px-4 py-2.5 text-[0.9375rem] leading-relaxed whitespace-pre-wrap break-words text-white sm:max-w-[75%]">
          <span className="sr-only">{t('chat.you')}: </span>
          {message.content}
        </div>
      </li>
    );
  }
  return (
    <li
      className="message-row flex items-start gap-3"
      data-testid="message"
      data-role="assistant"
      data-message-id={message.message_id || undefined}
      aria-busy={
        (message.pending || message.status === 'streaming') && !message.stalled ? true : undefined
      }
    >
      <AirlineLogo className="mt-0.5 size-8 shrink-0" />
      <div className="min-w-0 max-w-[92%] flex-1 sm:max-w-[85%]">
        <div className="rounded-2xl rounded-tl-md border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <span className="sr-only">{t('chat.assistant')}: </span>
          {message.pending ? (
            message.stalled ? null : (
              <Pending label={message.content} />
            )
          ) : (
            <Suspense fallback={<div className="markdown whitespace-pre-wrap">{text}</div>}>
              <Markdown text={text} />
            </Suspense>
          )}
          <Sources message={message} />
          {message.stalled ? (
            <div className={message.pending ? '' : 'mt-2'}>
              <p className="font-medium text-red-800">{t('chat.answerFailed')}</p>
              <button
                type="button"
                onClick={onRetry}
                className="focus-ring mt-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-slate-50"
              >
                {t('chat.retry')}
              </button>
            </div>
          ) : null}
        </div>
        {canRate(message) ? <Feedback message={message} onFeedback={onFeedback} /> : null}
      </div>
    </li>
  );
});
