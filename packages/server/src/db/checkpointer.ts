import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/**
 * Pages the serving connection lets the WAL grow to before it checkpoints itself: only reached
 * when the background checkpointer cannot keep up (or fails, e.g. on a full disk). SQLite's
 * default is 1,000 pages.
 */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/** How often the worker looks at the WAL. */
export const CHECKPOINT_INTERVAL_MS = 100;

/**
 * Frames the WAL holds past the last checkpoint before the worker checkpoints: SQLite's own
 * automatic threshold, so the WAL grows and is reused as it did with SQLite checkpointing.
 */
export const CHECKPOINT_FRAMES = 1_000;

// Runs in the worker: a connection of its own on the same file. It reads how far the WAL runs
// past the last checkpoint from the WAL-index header in the -shm file (mxFrame at byte 16,
// nBackfill at byte 96, native byte order: https://sqlite.org/walformat.html) and checkpoints
// without blocking the writers (PASSIVE). Failures are reported once per kind and retried.
const WORKER_SOURCE = `
const fs = require('node:fs');
const os = require('node:os');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const header = Buffer.alloc(100);
const little = os.endianness() === 'LE';
const u32 = (offset) => (little ? header.readUInt32LE(offset) : header.readUInt32BE(offset));
const pending = () => {
  let fd;
  try {
    fd = fs.openSync(workerData.file + '-shm', 'r');
    if (fs.readSync(fd, header, 0, 100, 0) < 100) return 0;
    return u32(16) - u32(96);
  } catch {
    return 0;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
};
let failed = '';
setInterval(() => {
  if (pending() < workerData.frames) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    failed = '';
  } catch (error) {
    const message = String(error && error.message);
    if (message !== failed) parentPort.postMessage({ failed: message });
    failed = message;
  }
}, workerData.intervalMs);
`;

export interface Checkpointer {
  /** Stops the worker; the serving connection's close then does the last checkpoint. */
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread. A checkpoint writes the database file
 * and, with `synchronous = NORMAL`, syncs it to disk: run by the serving connection (SQLite's
 * automatic checkpoint, every 1,000 pages: every few dozen answers) it stalls the event loop
 * for that fsync, tens of milliseconds on a busy disk. The serving connection keeps a far
 * checkpoint threshold of its own as a backstop.
 */
export function startCheckpointer(
  file: string,
  logger: Logger,
  /** The worker died: the serving connection goes back to checkpointing by itself. */
  onStopped: () => void,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, intervalMs: CHECKPOINT_INTERVAL_MS, frames: CHECKPOINT_FRAMES },
  });
  worker.unref();
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) logger.warn({ reason: message.failed }, 'background checkpoint failed');
  });
  let stopping: Promise<void> | undefined;
  worker.on('error', (error) => {
    if (stopping) return;
    logger.warn({ err: error }, 'background checkpointer stopped; SQLite checkpoints by itself');
    onStopped();
  });
  return {
    stop: () => (stopping ??= worker.terminate().then(() => undefined)),
  };
}
