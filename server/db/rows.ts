/** Raw queries' answers (`db.execute`), shared by the database layer and the features' queries. */

/** The rows of a raw query (node-postgres answers `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
