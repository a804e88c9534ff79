import { create } from 'zustand';

/**
 * A challenge token and a widget identifier, both initially empty; the token
 * can be set and cleared. A token set here (by the captcha screen) is used before any other.
 */
export const useCaptchaStore = create<{
  token: string;
  widgetId: string;
  setToken: (token: string) => void;
  setWidgetId: (widgetId: string) => void;
  clearToken: () => void;
}>()((set) => ({
  token: '',
  widgetId: '',
  setToken: (token) => set({ token }),
  setWidgetId: (widgetId) => set({ widgetId }),
  clearToken: () => set({ token: '' }),
}));
