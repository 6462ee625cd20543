/**
 * tests/e2e/volunteer-shifts.spec.ts's plan, put straight into the database before its server starts (the
 * organisers' plan screens are another part's): two roles, two places, three shifts a few days from now (so
 * they are open and can be given back). DATA_DIR is the server's.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";

const database = await openDatabase({ dataDir: process.env.DATA_DIR! });
const { db } = database;
await db.execute(sql`
  INSERT INTO volunteer_roles (name, description) VALUES
    ('Door', 'Checks tickets in and shows people in'), ('Welcome desk', 'Greets people and answers questions')`);
await db.execute(sql`INSERT INTO volunteer_places (name, door) VALUES ('Door 1', 'Door 1'), ('Front desk', NULL)`);
await db.execute(sql`
  INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
  SELECT p.id, r.id, date_trunc('day', now()) + make_interval(days => d, hours => h),
    date_trunc('day', now()) + make_interval(days => d, hours => h + len), needed
  FROM (VALUES ('Door 1', 'Door', 3, 14, 4, 2), ('Front desk', 'Welcome desk', 4, 15, 3, 1),
               ('Door 1', 'Door', 5, 14, 4, 2)) AS v(place, role, d, h, len, needed)
  JOIN volunteer_places p ON p.name = v.place JOIN volunteer_roles r ON r.name = v.role`);
await database.close();
