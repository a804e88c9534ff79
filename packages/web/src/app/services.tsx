import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { CaptchaClient } from '../features/captcha/captcha';
import type { Realtime } from '../features/realtime/realtime';

/** The clients of the app, built once in main.tsx and handed down. */
export interface Services {
  api: ApiClient;
  captcha: CaptchaClient;
  realtime: Realtime;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
