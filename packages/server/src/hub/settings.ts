import { matching, optionalSetting, setting, urlWith } from '../settings/setting.js';

/** The Redis that scaled-out instances share (hub, quotas, captcha replay guard). */
export const REDIS_SETTINGS = {
  redisUrl: optionalSetting({
    name: 'REDIS_URL',
    parse: urlWith(['redis:', 'rediss:']),
    meaning: '`redis://…`: realtime fan-out, quotas and captcha replay guard through Redis',
  }),
  redisKeyPrefix: setting({
    name: 'REDIS_KEY_PREFIX',
    default: 'supersteward:',
    parse: matching(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits, or . : _ -'),
    meaning: 'prefix of every Redis key and channel, so deployments sharing a Redis stay apart',
  }),
};
