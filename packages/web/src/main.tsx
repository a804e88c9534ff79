import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { wsPath } from '@supersteward/contract';
import { createApiClient } from './api/client';
import { ServicesProvider, type Services } from './app/services';
import { routes } from './app/routes';
import { createCaptcha, type AltchaChallenge } from './features/captcha/captcha';
import { recaptchaToken } from './features/captcha/recaptcha';
import { createTurnstile } from './features/captcha/turnstile';
import { useChatStore } from './features/chat/chatStore';
import { FALLBACK_CONFIG, loadConfig } from './features/config/configStore';
import { createI18n } from './features/i18n/createI18n';
import { initialLocale } from './features/i18n/language';
import { useConnectionStore } from './features/realtime/connectionStore';
import { createRealtime, sameOriginSocketUrl } from './features/realtime/realtime';
import { adoptUuidFromQuery, readUuid } from './features/user/storage';
import './index.css';

adoptUuidFromQuery(window.location.search);
const i18n = createI18n(initialLocale(window.location.pathname));

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
    onConnectionChange: (connected) => useConnectionStore.getState().setConnected(connected),
    getResume: () => {
      const { loading, stream } = useChatStore.getState();
      return loading && stream.messageId
        ? { message_id: stream.messageId, seq: Math.max(0, stream.lastSeq) }
        : null;
    },
  }),
  hardNavigate: (url) => window.location.assign(url),
};

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </I18nextProvider>
  </StrictMode>,
);
