import { loadScript } from './scripts';

interface TurnstileApi {
  render: (
    container: HTMLElement,
    options: {
      sitekey: string;
      size: 'invisible' | 'normal' | 'compact' | 'flexible';
      execution: 'render' | 'execute';
      callback: (token: string) => void;
      'error-callback': () => void;
    },
  ) => string;
  execute: (widgetId: string) => void;
  reset: (widgetId: string) => void;
}

/**
 * Cloudflare Turnstile, kept for deployments that choose it; the product runs with it off.
 * One invisible widget is rendered on first use and executed for each token.
 */
export function createTurnstile(siteKey: string, onWidget: (id: string) => void) {
  let widgetId: string | null = null;
  let pending: ((token: string | null) => void) | null = null;

  async function ensureWidget(): Promise<TurnstileApi | null> {
    try {
      await loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
    } catch (error) {
      console.error('Turnstile could not load', error);
      return null;
    }
    const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
    if (!api) return null;
    if (widgetId === null) {
      const container = document.createElement('div');
      container.hidden = true;
      document.body.appendChild(container);
      widgetId = api.render(container, {
        sitekey: siteKey,
        size: 'invisible',
        execution: 'execute',
        callback: (token) => pending?.(token),
        'error-callback': () => pending?.(null),
      });
      onWidget(widgetId);
    }
    return api;
  }

  return {
    async token(): Promise<string | null> {
      const api = await ensureWidget();
      if (!api || widgetId === null) return null;
      const id = widgetId;
      return new Promise((resolve) => {
        pending = (token) => {
          pending = null;
          resolve(token);
        };
        api.execute(id);
      });
    },
    /** The reset after an action: a fresh token for the next action. */
    reset() {
      const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      if (api && widgetId !== null) api.reset(widgetId);
    },
  };
}
