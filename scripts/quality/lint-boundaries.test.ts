/**
 * Each boundary lint guards (eslint.config.js, docs/CONVENTIONS.md), shown by a wrong-way import that must
 * fail with the rule's message, and a right-way one that must pass. Runs the project's own ESLint config.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it, onTestFinished } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) =>
      ["no-restricted-imports", "no-restricted-properties", "no-restricted-syntax", "local/front-door"].includes(
        m.ruleId ?? "",
      ),
    )
    .map((m) => m.message);
}

const cases: [string, string, string, RegExp][] = [
  ["a route module is imported", "app/components/layout/x.tsx", 'import "~/routes/home";', /Routes are the top layer/],
  [
    "a component reads content itself",
    "app/components/speakers/x.tsx",
    'import { load } from "~/content/load";',
    /Components take data as props/,
  ],
  ["ui imports a section", "app/components/ui/x.tsx", 'import "../sections/hero";', /ui is the bottom/],
  [
    "ui imports a feature by alias",
    "app/components/ui/x.tsx",
    'import "~/components/schedule/row";',
    /ui is the bottom/,
  ],
  ["app/lib imports server code", "app/lib/x.ts", 'import "../../server/db/client";', /must not import server code/],
  [
    "a component imports server code",
    "app/components/forms/x.tsx",
    'import "../../../server/request";',
    /must not import server code/,
  ],
  [
    "lib imports a component",
    "app/lib/x.ts",
    'import "~/components/forms/contact-form";',
    /Components are imported by routes only/,
  ],
  [
    "a form definition imports a component",
    "app/forms/x.ts",
    'import "~/components/forms/field";',
    /Components are imported by routes only/,
  ],
  ["a form definition reads content", "app/forms/x.ts", 'import "~/content/load";', /lib is below content/],
  ["app/lib imports the forms", "app/lib/x.ts", 'import { FORMS } from "~/forms";', /lib imports neither forms/],
  [
    "app/lib imports a form's sending by path",
    "app/lib/admin/x.ts",
    'import { submitForm } from "../../forms/send";',
    /lib imports neither forms/,
  ],
  ["server/db imports an API", "server/db/x.ts", 'import "../api/forms";', /database layer is below the APIs/],
  ["server/db imports the mailer", "server/db/x.ts", 'import "../mail/mailer";', /database layer is below/],
  ["server/db imports a feature's queries", "server/db/x.ts", 'import "../forms/queries";', /database layer is below/],
  [
    "a feature's routes write a query",
    "server/forms/routes.ts",
    'import { sql } from "drizzle-orm";',
    /Queries live in/,
  ],
  ["start-up reads a table", "server/start.ts", 'import { orders } from "./db/schema";', /Queries live in/],
  ["a build step imports a feature", "scripts/build/x.ts", 'import "../../server/orders/checkout";', /The build uses/],
  [
    "server imports a component",
    "server/api/x.ts",
    'import "../../app/components/forms/contact-form";',
    /Components are imported by routes only/,
  ],
  [
    "a script imports a component",
    "scripts/build/x.ts",
    'import "../../app/components/layout/header";',
    /Scripts use content, lib/,
  ],
  [
    "server code reads the environment",
    "server/api/x.ts",
    "export const port = process.env.PORT;",
    /server\/config\.ts/,
  ],
  ["app code reads the environment", "app/lib/x.ts", "export const url = process.env.SITE_URL;", /server\/config\.ts/],
  // Issue 53: orders and the box office pay only through the provider interface.
  [
    "the box office calls the card provider's package",
    "server/tickets/x.ts",
    'import Stripe from "stripe";',
    /provider interface/,
  ],
  [
    "orders import a type of the card provider",
    "server/orders/x.ts",
    'import type Stripe from "stripe";',
    /provider interface/,
  ],
  [
    "the box office imports a payment implementation",
    "server/tickets/x.ts",
    'import { createCardProvider } from "../payments/card";',
    /payment interface/,
  ],
  // Issue 64: a feature imports another through its index.ts or queries.ts only (a folder inside a feature too).
  [
    "a feature reaches into another's inner file",
    "server/agenda/x.ts",
    'import { organiserFeature } from "../admin/context";',
    /Features meet at their front door \(issue 64\): import server\/admin\/ through its index.ts or queries.ts, not server\/admin\/context/,
  ],
  [
    "a feature reaches into an inner file of a folder of another",
    "server/health/x.ts",
    'import { cookieName } from "../admin/accounts/session";',
    /front door \(issue 64\): import server\/admin\/accounts\/ through/,
  ],
  [
    "a feature takes a type from another's inner file",
    "server/alerts/x.ts",
    'import type { Audience } from "../mail/audience";',
    /front door/,
  ],
  [
    "a feature re-exports another's inner file",
    "server/publish/x.ts",
    'export { commitFile } from "../content/working-copy";',
    /front door/,
  ],
  [
    "a folder inside a feature reaches into another",
    "server/tickets/waitlist/x.ts",
    'import "../../publish/outputs";',
    /front door/,
  ],
  [
    "a feature loads another's inner file later",
    "server/home/x.ts",
    'void import("../feedback/summary");',
    /front door/,
  ],
];

describe("lint guards every layer boundary", () => {
  it.each(cases)("refuses: %s", async (_what, file, code, message) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(message)]);
  });

  it("allows the right ways", async () => {
    expect(
      await problems("app/components/speakers/x.tsx", 'import type { Speaker } from "~/content/schemas";'),
    ).toEqual([]);
    expect(await problems("app/components/ui/x.tsx", 'import "./tabs";')).toEqual([]);
    expect(await problems("app/components/ui/x.tsx", 'import { renderToString } from "react-dom/server";')).toEqual([]);
    expect(await problems("server/api/x.ts", 'import "../db/client";')).toEqual([]);
    expect(await problems("server/forms/queries.ts", 'import { sql } from "drizzle-orm";')).toEqual([]);
    expect(await problems("scripts/build/x.ts", 'import { HSTS } from "../../server/http-policy";')).toEqual([]);
    expect(await problems("server/db/backup.ts", 'import { rowsOf } from "./rows";')).toEqual([]);
    expect(await problems("app/forms/x.ts", 'import { API_PATHS } from "../lib/urls";')).toEqual([]);
    expect(await problems("server/api/x.ts", 'import { signInSchema } from "../../app/forms/admin";')).toEqual([]);
    expect(await problems("server/config.ts", "export const env = process.env;")).toEqual([]);
    expect(await problems("server/tickets/x.ts", 'import { createPayments } from "../payments";')).toEqual([]);
    expect(await problems("server/payments/card.ts", 'import Stripe from "stripe";')).toEqual([]);
    // Issue 64: front doors (index.ts, queries.ts, a folder's own), a feature's own rooms, db, root helpers, tests.
    for (const [file, code] of [
      ["server/agenda/x.ts", 'import { organiserFeature } from "../admin";'],
      ["server/agenda/x.ts", 'import { organiserFeature } from "../admin/index";'],
      ["server/agenda/x.ts", 'import { audit } from "../admin/audit/queries";'],
      ["server/health/x.ts", 'import { cookieName } from "../admin/accounts";'],
      ["server/home/x.ts", 'import { waitingByPlan } from "../tickets/waitlist/queries";'],
      ["server/tickets/x.ts", 'import { moneyWaiting } from "./order-life/moves.queries";'],
      ["server/tickets/waitlist/x.ts", 'import { sell } from "../order-life/sale.queries";'],
      ["server/agenda/x.ts", 'import { matchesEtag } from "../etag";'],
      ["server/agenda/x.ts", 'import type { Db } from "../db/client";'],
      ["server/start.ts", 'import { readOutput } from "./publish/outputs";'],
      ["server/agenda/x.test.ts", 'import { organiserFeature } from "../admin/context";'],
    ] as const)
      expect(await problems(file, code), `${file}: ${code}`).toEqual([]);
  });

  it("refuses naming a payment provider in the box office: payments[method] only (issue 61)", async () => {
    const named = /Name no payment provider here: call `payments\[order.method\]`/;
    for (const code of [
      "await box.payments.card.start(request);",
      "if (box.providers.card.ready) {}",
      "await payments.later.terms();",
      'await box.payments["later"].start(request);',
      "await payments[`card`].refund(request);",
      "const { card } = box.payments;",
      "const { later: provider } = payments;",
    ])
      expect(await problems("server/tickets/x.ts", code), code).toEqual([expect.stringMatching(named)]);
    // By the order's (or the buyer's) method, and the registry as a whole: allowed.
    for (const code of [
      "await box.payments[order.paymentMethod].refund(request);",
      "const provider = box.payments[method];",
      "Object.values(box.payments).some((p) => p.ready);",
      "paysOnline(box.payments);",
    ])
      expect(await problems("server/tickets/x.ts", code), code).toEqual([]);
  });

  it("refuses an import cycle, by path or by alias, but not through a type-only import", async () => {
    // no-cycle follows imports on disk: two real files in a folder of their own under app/lib.
    const dir = mkdtempSync(path.join("app", "lib", "cycle-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const cycles = async (b: string) => {
      writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
      writeFileSync(path.join(dir, "b.ts"), b);
      const results = await eslint.lintFiles([path.join(dir, "a.ts")]);
      return results.flatMap((r) => r.messages).filter((m) => m.ruleId === "import-x/no-cycle").length;
    };
    expect(await cycles('import { a } from "./a";\nexport const b = () => a;\n')).toBe(1);
    expect(await cycles(`import { a } from "~/lib/${path.basename(dir)}/a";\nexport const b = () => a;\n`)).toBe(1);
    expect(await cycles('import type { a } from "./a";\nexport const b = (x: typeof a) => x;\n')).toBe(0);
  });
});
