/** Why an answer was stopped before its engine finished. */
export class AnswerStopped extends Error {
  constructor(readonly why: 'client gone' | 'shutdown' | 'timed out') {
    super(`answer stopped: ${why}`);
    this.name = 'AnswerStopped';
  }
}

interface Running {
  controller: AbortController;
  done: Promise<unknown>;
}

/** The answers being produced right now, so a shutdown can wait for them, then cut them short. */
export class InFlightAnswers {
  private readonly running = new Set<Running>();

  get size(): number {
    return this.running.size;
  }

  track<T>(controller: AbortController, work: Promise<T>): Promise<T> {
    const entry: Running = { controller, done: work.catch(() => undefined) };
    this.running.add(entry);
    void entry.done.finally(() => this.running.delete(entry));
    return work;
  }

  /** Waits up to `timeoutMs` for every answer, then aborts the rest and waits for them to be stored. */
  async drain(timeoutMs: number): Promise<void> {
    const all = () => Promise.all([...this.running].map((entry) => entry.done));
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), timeoutMs);
    });
    const outcome = await Promise.race([all().then(() => 'done' as const), expired]);
    clearTimeout(timer);
    if (outcome === 'expired') {
      for (const entry of this.running) entry.controller.abort(new AnswerStopped('shutdown'));
      await all();
    }
  }
}
