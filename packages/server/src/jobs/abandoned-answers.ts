import type { Logger } from 'pino';
import type { Store } from '../store/store.js';

/**
 * An answer takes at most ANSWER_TIMEOUT_MS; one still streaming this much later (room for clock
 * differences between instances and a slow final write) was left by an instance that died.
 */
const ABANDONED_MARGIN_MS = 5_000;
/** How often a shared database is swept for answers whose instance died: a few times per threshold. */
function sweepIntervalMs(abandonedAfterMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.round(abandonedAfterMs / 4)));
}

export interface AbandonedAnswerSweepOptions {
  store: Store;
  /** Other instances write to the same database. */
  shared: boolean;
  answerTimeoutMs: number;
  logger: Logger;
}

/**
 * Stores answers left streaming by a stopped instance as interrupted: once at start, and, on a
 * shared database, every so often (an instance that died never says so). Returns how to stop it.
 */
export async function startAbandonedAnswerSweep(
  options: AbandonedAnswerSweepOptions,
): Promise<() => void> {
  const { store, logger } = options;
  // A shared database may hold answers other instances are producing right now; only those
  // older than any answer can take are abandoned. An embedded one has no other writer.
  const abandonedAfterMs = options.shared ? options.answerTimeoutMs + ABANDONED_MARGIN_MS : 0;
  const markAbandoned = async (): Promise<void> => {
    const interrupted = await store.markInterrupted(abandonedAfterMs);
    if (interrupted > 0) {
      logger.warn(
        { interrupted },
        'answers left unfinished by a stopped instance marked interrupted',
      );
    }
  };
  await markAbandoned();
  if (!options.shared) return () => {};
  const sweep = setInterval(() => {
    markAbandoned().catch((error: unknown) => logger.warn({ err: error }, 'sweep failed'));
  }, sweepIntervalMs(abandonedAfterMs));
  sweep.unref();
  return () => clearInterval(sweep);
}
