import { setting, wholeNumber } from '../settings/setting.js';

/** The daily limits (429 beyond), reset at midnight Europe/Podgorica. */
export const QUOTA_SETTINGS = {
  dailyMessageLimit: setting({
    name: 'DAILY_MESSAGE_LIMIT',
    default: 30,
    parse: wholeNumber(1),
    meaning: 'questions per visitor per day (429 beyond), reset at midnight Europe/Podgorica',
  }),
  ipDailyMessageLimit: setting({
    name: 'IP_DAILY_MESSAGE_LIMIT',
    default: 150,
    parse: wholeNumber(1),
    meaning: 'questions per client IP per day (429 beyond)',
  }),
  uuidDailyLimitPerIp: setting({
    name: 'UUID_DAILY_LIMIT_PER_IP',
    default: 100,
    parse: wholeNumber(1),
    meaning: 'visitor ids created per client IP per day (429 beyond)',
  }),
};
