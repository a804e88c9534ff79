import type { ApiClient } from '../api/client';
import type { CaptchaClient } from '../features/captcha/captcha';
import type { Realtime } from '../features/realtime/realtime';
import { servicesContext } from './servicesContext';

/** The clients of the app, built once in main.tsx and handed down. */
export interface Services {
  api: ApiClient;
  captcha: CaptchaClient;
  realtime: Realtime;
}

export const [ServicesProvider, useServices] = servicesContext<Services>('useServices');
