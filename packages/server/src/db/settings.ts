import { optionalSetting, setting, text, urlWith } from '../settings/setting.js';

/** Where the data lives: SQLite in a directory by default, PostgreSQL when scaled out. */
export const DATABASE_SETTINGS = {
  dataDir: setting({
    name: 'DATA_DIR',
    default: './data',
    parse: text,
    meaning: 'where the SQLite file lives (embedded default)',
  }),
  databaseUrl: optionalSetting({
    name: 'DATABASE_URL',
    parse: urlWith(['postgres:', 'postgresql:']),
    meaning: '`postgres://…`: use PostgreSQL instead of SQLite',
  }),
};
