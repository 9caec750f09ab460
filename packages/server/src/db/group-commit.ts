/** Queues items for a writer that takes them in batches. */
export interface GroupCommit<I, O> {
  /** Writes the item; resolves with its own result once its batch is committed. */
  submit(item: I): Promise<O>;
  /** Resolves when every item submitted so far is written (shutdown). */
  drained(): Promise<void>;
}

export interface GroupCommitOptions {
  /** Most items written by one call of the writer. */
  maxBatch: number;
  /** Calls of the writer running at the same time (database connections used). */
  concurrency: number;
}

/** Group commit: items that arrive while a batch is being written wait and go together in the next one,
 * so under load a hundred items share one transaction's round trips and one commit instead of paying
 * for their own, while a lone item still goes at once. `write` gets a batch and answers one result per
 * item, in order, all or nothing (one transaction). If it throws, each item of the batch is retried on
 * its own, so one bad item fails alone and the others are neither lost nor written twice. */
export function groupCommit<I, O>(
  write: (batch: I[]) => Promise<O[]>,
  options: GroupCommitOptions = { maxBatch: 100, concurrency: 2 },
): GroupCommit<I, O> {
  interface Waiting {
    item: I;
    resolve: (result: O) => void;
    reject: (err: unknown) => void;
  }
  const queue: Waiting[] = [];
  const idle: (() => void)[] = [];
  let running = 0;
  let scheduled = false;

  // setImmediate gathers the items submitted in the same turn of the event loop into one batch.
  const schedule = () => {
    if (scheduled || running >= options.concurrency || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      while (running < options.concurrency && queue.length > 0) {
        running++;
        void run(queue.splice(0, options.maxBatch)).finally(() => {
          running--;
          if (running === 0 && queue.length === 0) for (const done of idle.splice(0)) done();
          schedule();
        });
      }
    });
  };

  async function run(batch: Waiting[]): Promise<void> {
    try {
      const results = await write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      await Promise.all(batch.map((w) => run([w])));
    }
  }

  return {
    submit(item) {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    drained() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
