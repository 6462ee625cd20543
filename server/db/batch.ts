/**
 * Calls that arrive while the previous batch is being written go together in the next one, so a rush shares
 * each write to disk (one commit, one fsync) instead of queueing one by one (issue 42's ticket rush). Each
 * caller gets its own item's answer; a failed batch fails each of its callers.
 *
 * Two shapes of one thing: `batched(run)` answers a function that batches its calls; `newBatch()` is a batch's
 * state alone, kept by its owner (the box office's context), and `inBatch(batch, item, run)` is a plain call
 * that names its `run` where it is made (issue 64: go-to-definition reaches the query, not a closure).
 */
export interface Batch<T, R> {
  readonly waiting: { item: T; done: (result: Promise<R>) => void }[];
  running: boolean;
  readonly max: number;
}

/** A batch's state: the calls waiting, and whether one is being written. At most `max` items a write. */
export const newBatch = <T, R>(max = 100): Batch<T, R> => ({ waiting: [], running: false, max });

async function drain<T, R>(batch: Batch<T, R>, run: (items: T[]) => Promise<R[]>): Promise<void> {
  if (batch.running) return;
  batch.running = true;
  try {
    while (batch.waiting.length) {
      const taken = batch.waiting.splice(0, batch.max);
      const results = run(taken.map((b) => b.item));
      taken.forEach((b, i) => b.done(results.then((all) => all[i]!)));
      await results.catch(() => {});
    }
  } finally {
    batch.running = false;
  }
}

/** `item` written with the calls waiting in `batch`, by `run`: every caller of one batch passes the same `run`. */
export function inBatch<T, R>(batch: Batch<T, R>, item: T, run: (items: T[]) => Promise<R[]>): Promise<R> {
  return new Promise<R>((resolve) => {
    batch.waiting.push({ item, done: resolve });
    void drain(batch, run);
  });
}

/** A function whose calls are written in batches by `run`. */
export function batched<T, R>(run: (items: T[]) => Promise<R[]>, max = 100): (item: T) => Promise<R> {
  const batch = newBatch<T, R>(max);
  return (item) => inBatch(batch, item, run);
}
