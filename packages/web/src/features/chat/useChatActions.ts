import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CaptchaAction, Sentiment } from '@supersteward/contract';
import { useServices } from '../../app/services';
import { useConfigStore } from '../config/configStore';
import { normalizeLanguage } from '../i18n/language';
import { loadThreads } from '../threads/threadsStore';
import { showToast } from '../toasts/toastStore';
import { useChatStore } from './chatStore';
import { mailtoLink } from './rateLimit';
import { retryLast, sendMessage, type SendDeps } from './sendMessage';

/** The chat screen's actions, wired to the app's clients, router, stores and toasts. */
export function useChatActions() {
  const { api, captcha, realtime } = useServices();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();

  const deps = useCallback(
    (): SendDeps => ({
      api,
      captcha,
      realtime,
      language: normalizeLanguage(i18n.language),
      placeholder: t('common.loading'),
      rateLimitText: t('chat.rateLimit', {
        email: mailtoLink(useConfigStore.getState().config.support_email),
        // Markdown, not HTML: the address is put in as it is.
        interpolation: { escapeValue: false },
      }),
      navigate: (to) => void navigate(to),
      refreshThreads: () => loadThreads(api),
      notifyFailure: () =>
        showToast({
          type: 'ERROR',
          title: t('chat.answerFailed'),
          description: t('chat.answerFailedDetail'),
        }),
    }),
    [api, captcha, realtime, i18n, t, navigate],
  );
  const send = useCallback(
    (text: string, action: CaptchaAction) => sendMessage(deps(), text, action),
    [deps],
  );
  const retry = useCallback(() => void retryLast(deps()), [deps]);

  const feedback = useCallback(
    async (messageId: string, sentiment: Sentiment) => {
      try {
        const token = await captcha.getToken('click');
        const saved = await api.feedback({ message_id: messageId, sentiment }, token);
        useChatStore.getState().setSentiment(messageId, saved.sentiment);
        if (saved.sentiment) showToast({ type: 'SUCCESS', title: t('chat.feedbackThanks') });
      } catch (error) {
        console.error('POST /assistant/message/feedback failed', error);
        showToast({ type: 'ERROR', title: t('chat.feedbackFailed') });
      }
    },
    [api, captcha, t],
  );

  return { send, retry, feedback };
}
