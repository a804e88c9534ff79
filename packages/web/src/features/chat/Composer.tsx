import { useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@supersteward/contract';
import { SendIcon, Spinner } from '../../app/icons';
import { useChatStore } from './chatStore';
import { isSendKey } from './keys';
import { canSend } from './sendMessage';

/** The text box grows up to 232 px. */
export const MAX_INPUT_HEIGHT_PX = 232;
/** The character counter appears from here on. */
const COUNTER_FROM = Math.floor(LIMITS.questionMaxLength * 0.9);

export function Composer({ onSend }: { onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const value = useChatStore((s) => s.input);
  const setValue = useChatStore((s) => s.setInput);
  const loading = useChatStore((s) => s.loading);
  const ref = useRef<HTMLTextAreaElement>(null);
  const sendable = canSend(value, loading);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    // Empty, the box stays one line even when a long placeholder would wrap on a narrow phone.
    if (!value) {
      box.style.overflowY = 'hidden';
      return;
    }
    const height = Math.min(box.scrollHeight, MAX_INPUT_HEIGHT_PX);
    box.style.height = `${height}px`;
    box.style.overflowY = box.scrollHeight > MAX_INPUT_HEIGHT_PX ? 'auto' : 'hidden';
  }, [value]);

  const submit = () => {
    if (sendable) onSend(value);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter') return;
    if (
      isSendKey({
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        isComposing: event.nativeEvent.isComposing,
        keyCode: event.keyCode,
      })
    ) {
      event.preventDefault();
      submit();
    }
  };

  const showCounter = value.length >= COUNTER_FROM;
  return (
    <form onSubmit={onSubmit} className="relative">
      <div className="flex items-end gap-2 rounded-2xl border border-slate-300 bg-white p-2 shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30">
        <label htmlFor="chat-input" className="sr-only">
          {t('chat.inputLabel')}
        </label>
        <textarea
          id="chat-input"
          ref={ref}
          rows={1}
          value={value}
          maxLength={LIMITS.questionMaxLength}
          placeholder={t('chat.placeholder')}
          aria-describedby={showCounter ? 'chat-counter chat-warning' : 'chat-warning'}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          className="block max-h-[232px] min-h-10 w-full flex-1 resize-none bg-transparent px-2 py-2 text-base leading-6 text-slate-900 placeholder:truncate placeholder:text-slate-500 focus:outline-none"
        />
        <button
          type="submit"
          disabled={!sendable}
          aria-label={t('chat.send')}
          title={t('chat.send')}
          className="focus-ring inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {loading ? <Spinner className="size-5" /> : <SendIcon className="size-5" />}
        </button>
      </div>
      {showCounter ? (
        <p
          id="chat-counter"
          aria-live="polite"
          className={`mt-1 text-right text-xs ${value.length >= LIMITS.questionMaxLength ? 'text-red-700' : 'text-slate-600'}`}
        >
          {t('chat.counter', { count: value.length, max: LIMITS.questionMaxLength })}
        </p>
      ) : null}
    </form>
  );
}
