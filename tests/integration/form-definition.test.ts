/**
 * Issue 34: a form is one definition (app/forms/<kind>.ts). A field added to the FAQ form's definition, and
 * nowhere else, is rendered, checked by the browser's and the server's schema, stored, mailed to the
 * organisers under its label, and shown in the inbox's CSV under its label.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FormFields } from "../../app/components/forms/form-fields";
import { FORMS, type FieldSpec } from "../../app/forms";
import { checkForm } from "../../app/forms/schema";
import { smallestBuild } from "../fixtures/smallest-build";
import { upsertAdmin } from "../../server/admin/accounts/queries";
import { createApp } from "../../server/app";
import { openDatabase, type Database } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";

const SITE = "https://tncc.example.org";
const PASSWORD = "correct horse battery";
const church: FieldSpec = {
  name: "church",
  label: "Your church",
  noun: "your church",
  autoComplete: "organization",
  max: 100,
};
let dir: string;
let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // The one change: a field in the FAQ form's definition.
  (FORMS.faq.fields as unknown as FieldSpec[]).splice(2, 0, church);
  let root: string;
  ({ dir, root } = smallestBuild("tncc-formdef-"));
  database = await openDatabase({ dataDir: path.join(dir, "data") });
  const forms = { organiserEmail: async () => "info@tncc.example.org", siteUrl: SITE };
  app = createApp({
    root,
    log: () => {},
    siteUrl: SITE,
    database,
    forms: { ...forms, rateLimit: { limit: 100, windowMs: 60_000 } },
  });
  await upsertAdmin(database.db, "ada@tncc.example.org", PASSWORD, false);
}, 60_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(`${SITE}${url}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", origin: SITE, ...headers },
  });

it("a field added to the FAQ definition is rendered, checked, stored, mailed and exported under its label", async () => {
  const html = renderToStaticMarkup(createElement(FormFields, { form: FORMS.faq }));
  expect(html).toMatch(/<label[^>]*>Your church<\/label>/);
  expect(html).toMatch(
    /<input[^>]*name="church"[^>]*autoComplete="organization"|<input[^>]*autoComplete="organization"[^>]*name="church"/,
  );

  const question = { name: "Ada", email: "ada@example.org", subject: "Parking", question: "Is there parking?" };
  expect(checkForm("faq", question)).toMatchObject({ ok: false, errors: { church: "Please enter your church." } });
  const refused = await post("/api/forms/faq", question, { "idempotency-key": "formdef-0001" });
  expect(refused.status).toBe(422);
  expect(await refused.json()).toMatchObject({ field: "church" });

  const sent = await post(
    "/api/forms/faq",
    { ...question, church: "Grace Chapel" },
    { "idempotency-key": "formdef-0002" },
  );
  expect(sent.status).toBe(201);
  const [mail] = rowsOf<{ body: string }>(await database.db.execute(sql`SELECT body FROM mail_queue`));
  expect(mail!.body).toContain("Your church: Grace Chapel");

  const signIn = await post("/api/admin/session", { email: "ada@tncc.example.org", password: PASSWORD });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.includes("tncc_admin="))!
    .split(";")[0]!;
  const csv = await app.request(`${SITE}/api/admin/export/faq`, { headers: { cookie } });
  const [header, row] = parse(await csv.text(), { bom: true }) as string[][];
  expect(header).toEqual([
    "id",
    "received",
    "status",
    "handled",
    "page",
    "Name",
    "E-mail",
    "Your church",
    "Subject",
    "Question detail",
  ]);
  expect(row![header!.indexOf("Your church")]).toBe("Grace Chapel");
});
