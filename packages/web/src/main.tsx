import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { wsPath, type AltchaChallenge } from '@supersteward/contract';
import { createApiClient } from './api/client';
import { ServicesProvider, type Services } from './app/services';
import { AppRoutes } from './app/routes';
import { createCaptcha } from './features/captcha/captcha';
import { createTurnstile, recaptchaToken } from './features/captcha/lazyProviders';
import { useChatStore } from './features/chat/chatStore';
import { FALLBACK_CONFIG, loadConfig } from './features/config/configStore';
import { createI18n, loadDictionary } from './features/i18n/createI18n';
import { initialLocale } from './features/i18n/language';
import { createRealtime, sameOriginSocketUrl } from './features/realtime/realtime';
import { adoptUuidFromQuery, readUuid } from './features/user/storage';
import './index.css';

adoptUuidFromQuery(window.location, window.history);
const language = initialLocale(window.location.pathname);
// Only the active language's strings are downloaded; the other comes if the visitor switches.
const i18n = createI18n(language, { [language]: await loadDictionary(language) });

const api = createApiClient({ baseUrl: import.meta.env.VITE_API_BASE ?? '', getUuid: readUuid });
const config = loadConfig(api.config);

const services: Services = {
  api,
  captcha: createCaptcha({
    config: config.then((c) => c.captcha ?? FALLBACK_CONFIG.captcha),
    fetchChallenge: (url) => api.getJson<AltchaChallenge>(url),
    solveAltcha: async (challenge) => {
      const { solveAltcha } = await import('./features/captcha/altchaSolver');
      return solveAltcha(challenge);
    },
    recaptchaToken,
    createTurnstile,
  }),
  realtime: createRealtime({
    registerRoom: api.registerRoom,
    socketUrl: (userId, room) => sameOriginSocketUrl(wsPath(userId, room)),
    onFrame: (frame) => useChatStore.getState().receive(frame),
    getResume: () => {
      const { loading, stream } = useChatStore.getState();
      return loading && stream.messageId
        ? { message_id: stream.messageId, seq: Math.max(0, stream.lastSeq) }
        : null;
    },
  }),
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ServicesProvider>
    </I18nextProvider>
  </StrictMode>,
);
