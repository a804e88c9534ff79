import { setting, wholeNumber } from '../settings/setting.js';

export const REALTIME_SETTINGS = {
  wsPingIntervalMs: setting({
    name: 'WS_PING_INTERVAL_MS',
    default: 30_000,
    parse: wholeNumber(1_000, 3_600_000),
    meaning: 'how often sockets are pinged; one missing pong drops the socket',
  }),
};
