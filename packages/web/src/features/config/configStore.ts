import { create } from 'zustand';
import type { PublicConfig } from '@supersteward/contract';

/** Used until GET /api/config answers, and when it cannot be reached. */
export const FALLBACK_CONFIG: PublicConfig = {
  product_name: 'Supersteward',
  airline_name: '',
  support_email: '',
  languages: ['mne', 'en'],
  default_language: 'mne',
  daily_message_limit: 0,
  captcha: { provider: 'none' },
};

export const useConfigStore = create<{
  config: PublicConfig;
  loaded: boolean;
  setConfig: (config: PublicConfig) => void;
}>()((set) => ({
  config: FALLBACK_CONFIG,
  loaded: false,
  setConfig: (config) => set({ config, loaded: true }),
}));

/** Fetches the public settings once; failures leave the fallback in place. */
export async function loadConfig(fetchConfig: () => Promise<PublicConfig>): Promise<PublicConfig> {
  try {
    const config = await fetchConfig();
    useConfigStore.getState().setConfig(config);
    return config;
  } catch (error) {
    console.error('GET /api/config failed', error);
    return FALLBACK_CONFIG;
  }
}
