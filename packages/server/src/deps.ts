import type { Logger } from 'pino';
import type { AnswerEngine } from './answer/engine.js';
import type { Captcha } from './captcha/captcha.js';
import type { Hub } from './hub/hub.js';
import type { Quota } from './quota/quota.js';
import type { Settings } from './settings/settings.js';
import type { StaffServices } from './staff/staff-services.js';
import type { Store } from './store/store.js';

/** Everything the app is built from; main.ts makes the production set, tests make their own. */
export interface AppDeps {
  settings: Settings;
  logger: Logger;
  store: Store;
  hub: Hub;
  quota: Quota;
  captcha: Captcha;
  engine: AnswerEngine;
  /** The built web app (index.html + assets); not served when absent or missing on disk. */
  webDir?: string | undefined;
  /** The staff console's API (/api/staff); absent: no staff routes. */
  staff?: StaffServices | undefined;
  /** The clock of the daily limits and of staff sessions (tests move it). */
  now?: () => Date;
}
