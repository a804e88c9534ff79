import type { Logger } from 'pino';
import type { AnswerEngine } from './answer/engine.js';
import type { Captcha } from './captcha/captcha.js';
import type { Hub } from './hub/hub.js';
import type { Quota } from './quota/quota.js';
import type { Settings } from './settings.js';
import type { Store } from './store/store.js';

/** The ALTCHA provider also issues challenges (served at ALTCHA_CHALLENGE_PATH). */
export type AppCaptcha = Captcha & { createChallenge?: () => Promise<unknown> };

/** Everything the app is built from; main.ts makes the production set, tests make their own. */
export interface AppDeps {
  settings: Settings;
  logger: Logger;
  store: Store;
  hub: Hub;
  quota: Quota;
  captcha: AppCaptcha;
  engine: AnswerEngine;
  /** The built web app (index.html + assets); not served when absent or missing on disk. */
  webDir?: string | undefined;
  /** The clock of the daily limits (tests move it). */
  now?: () => Date;
}
