/**
 * Calls that arrive while the previous batch is being written go together in the next one, so a rush shares
 * each write to disk (one commit, one fsync) instead of queueing one by one (issue 42's ticket rush). Each
 * caller gets its own item's answer; a failed batch fails each of its callers.
 */
export function batched<T, R>(run: (items: T[]) => Promise<R[]>, max = 100): (item: T) => Promise<R> {
  const waiting: { item: T; done: (result: Promise<R>) => void }[] = [];
  let running = false;
  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (waiting.length) {
        const batch = waiting.splice(0, max);
        const results = run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.done(results.then((all) => all[i]!)));
        await results.catch(() => {});
      }
    } finally {
      running = false;
    }
  }
  return (item) =>
    new Promise<R>((resolve) => {
      waiting.push({ item, done: resolve });
      void drain();
    });
}
