/**
 * The database's types, in a file of their own: the client, the backup, the migrations and every feature's
 * queries name them, and none of those imports another to get them (no import cycle, types included).
 */
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { schema } from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** "embedded": this process owns the folder; "postgres": shared by any number of server instances. */
  driver: "embedded" | "postgres";
  close(): Promise<void>;
}
