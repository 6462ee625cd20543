import { statSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Import patterns of each layer (gitignore-style, matched against the import as written).
const routes = { group: ["~/routes/**", "**/routes/**"], message: "Routes are the top layer: nothing imports them." };
const components = {
  group: ["~/components/**", "**/components/**"],
  message: "Components are imported by routes only (content, lib and server take plain data).",
};
const content = {
  group: ["~/content/**", "**/content/**"],
  message: "lib is below content: take plain structural types instead.",
};
const forms = {
  regex: "^(~/|(\\.\\./)+)forms(/|$)",
  message: "app/lib imports neither forms nor features: forms import lib, and lib takes plain data and types.",
};
const contract = {
  regex: "^(~/|(\\.\\./)+)api(/|$)",
  message:
    "app/lib is below the organisers' API contract (app/api/): take its route shape from app/lib/admin/route.ts.",
};
const serverModules = {
  group: ["**/*.server", "**/*.server.ts"],
  message: "Only route loaders read content (*.server): take the view's data as props.",
};
const contentRuntime = {
  group: ["~/content/*", "!~/content/schemas", "**/content/load*", "**/content/views*"],
  message: "Components take data as props: only route loaders read content; import types from ~/content/schemas.",
};
const featureFolders = {
  group: ["~/components/*/**", "!~/components/ui/**", "../*/**"],
  message: "ui is the bottom of the components: it must not import sections or any feature folder.",
};
const serverCode = {
  regex: "^(\\.\\./)+server(/|$)",
  message: "app/ is shared with the browser: it must not import server code (put the shared contract in app/lib).",
};
const aboveDb = {
  // server/db imports only itself (and app/lib): never a feature, the mailer, start-up or the app (server/<x>).
  regex: "^\\.\\./(?!\\.\\./)",
  message: "The database layer is below the APIs (the features), mail and start-up: they use db, not the reverse.",
};
/**
 * Queries are written in server/db/ and in each feature's queries.ts (server/<feature>/queries.ts), or, where a
 * feature's SQL has several jobs, in one query module a job beside it (server/<feature>/<job>.queries.ts).
 */
const queries = {
  group: ["drizzle-orm", "drizzle-orm/*", "**/db/schema", "**/db/rows"],
  message: "Queries live in server/db/ and each feature's queries.ts: call your feature's query functions.",
};
/** The build hands the server files (app/lib/build-outputs.ts); it takes nothing from the server's features. */
const buildFromServer = {
  regex: "^(\\.\\./)+server/(?!(http-policy|git)$)",
  message: "The build uses server/http-policy.ts and server/git.ts only: what it shares with the server is in app/lib.",
};
const appUi = {
  group: ["**/app/components/**", "**/app/routes/**", "~/components/**", "~/routes/**"],
  message: "Scripts use content, lib and the server's modules, never components or routes.",
};
/**
 * Issue 53: every way to pay is an implementation in server/payments/, behind its interface (server/payments/index.ts):
 * the features (orders, the box office) call only that, never a provider's package nor an implementation's file.
 */
const paymentProviders = {
  group: ["stripe", "stripe/*"],
  message: "Pay through the provider interface (server/payments/index.ts), never a provider's package.",
};
const paymentImplementations = {
  regex: "^(\\.\\./)+payments/",
  message: "Import the payment interface (server/payments, its index.ts), never an implementation's file.",
};
/**
 * Issue 61: the box office pays through the registry, `payments[order.method]` / `payments[method]`, never a provider
 * by name (`box.payments.card`, `payments["later"]`, `const { card } = payments`): a method's own needs belong in
 * the provider interface (server/payments/provider.ts), so a new method is a provider and a line in
 * app/lib/payments/methods.ts, not a hunt through server/tickets/. Any object called `payments` or `providers`.
 */
const REGISTRY = "/^(payments|providers)$/";
const namedProvider = {
  message:
    "Name no payment provider here: call `payments[order.method]` or `payments[method]` (issue 61); what one method needs belongs in the provider interface (server/payments/provider.ts).",
};
const paymentsByMethod = {
  files: ["server/tickets/**/*.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      ...[`[object.name=${REGISTRY}]`, `[object.property.name=${REGISTRY}]`].flatMap((registry) => [
        { selector: `MemberExpression${registry}[computed=false]`, ...namedProvider },
        { selector: `MemberExpression${registry}[property.type=/^(Literal|TemplateLiteral)$/]`, ...namedProvider },
      ]),
      ...[`[init.name=${REGISTRY}]`, `[init.property.name=${REGISTRY}]`].map((registry) => ({
        selector: `VariableDeclarator${registry} > ObjectPattern.id`,
        ...namedProvider,
      })),
    ],
  },
};
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});
/**
 * Issue 64 (item 4), features meet at their front door: code in one server feature imports another feature only
 * through that feature's index.ts or queries.ts, never its inner files (`../admin/context`, `../publish/outputs`).
 * - A feature is a top-level folder of server/ (server/agenda/, server/tickets/ ...). A folder inside a feature
 *   (server/admin/audit/, server/admin/accounts/, server/admin/inbox/, server/tickets/waitlist/,
 *   server/tickets/order-life/) is a feature of its own to the others: they import it by its own index.ts or
 *   queries.ts (`../admin/audit/queries`, `../tickets/waitlist/queries`), never its inner files. Inside one
 *   top-level feature its folders import each other freely (they are one feature's rooms, changed together).
 * - Not features, so neither governed nor guarded: server/db/ (the layer below all features, with rules of its
 *   own above) and the root modules server/*.ts (shared helpers every feature may import: etag.ts, csv.ts,
 *   request.ts, git.ts ...; and the composition root, app.ts, start.ts, job-list.ts, which wires the features).
 * - Tests (*.test.ts) are exempt: a test may set up or drive two features (as in scripts/quality/cycles.ts).
 * - server/payments/ keeps its own rule (paymentImplementations above: its index.ts is the one door).
 * Type-only imports count too: a type is part of the front door. Examples: scripts/quality/lint-boundaries.test.ts.
 */
const isFolder = (file) => {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
};
const frontDoor = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      deep: "Features meet at their front door (issue 64): import {{feature}} through its index.ts or queries.ts, not {{file}}; export what you need from there (a helper every feature shares belongs in server/*.ts or app/lib).",
    },
  },
  create(context) {
    const server = path.join(context.cwd, "server");
    const inServer = (file) => path.relative(server, file).split(path.sep);
    const [from, ...inside] = inServer(context.filename);
    if (from === ".." || inside.length === 0 || from === "db") return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== "string" || !spec.startsWith(".")) return;
      const [to, ...rest] = inServer(path.resolve(path.dirname(context.filename), spec));
      // server/payments/: paymentImplementations above says it in the payments' own words.
      if (to === ".." || rest.length === 0 || to === from || ["db", "payments"].includes(to)) return;
      const door = (name) => ["index", "queries"].includes(name.replace(/\.[cm]?[jt]s$/, ""));
      // `../admin/accounts` is a folder (its index.ts); `../admin/accounts/x` is in a folder of its own.
      const folder = rest.length > 0 && isFolder(path.join(server, to, rest[0])) ? rest[0] : null;
      const allowed =
        rest.length === 1 ? door(rest[0]) || folder !== null : rest.length === 2 && folder !== null && door(rest[1]);
      if (!allowed)
        context.report({
          node: node.source,
          messageId: "deep",
          data: { feature: `server/${to}/${folder ? `${folder}/` : ""}`, file: `server/${[to, ...rest].join("/")}` },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
const frontDoors = {
  files: ["server/**/*.ts"],
  ignores: ["server/*.ts", "server/db/**", "server/**/*.test.ts"],
  plugins: { local: { rules: { "front-door": frontDoor } } },
  rules: { "local/front-door": "error" },
};
/** Settings are read once, in server/config.ts (browser code gets import.meta.env from Vite). */
const envOnce = {
  files: ["server/**/*.ts", "app/**/*.{ts,tsx}"],
  // The settings modules: the server's, and the content layer's (CONTENT_DIR, a build setting like BUILD_DIR).
  ignores: ["server/config.ts", "app/content/settings.server.ts", "**/*.test.ts", "**/*.test.tsx"],
  rules: {
    "no-restricted-properties": [
      "error",
      { object: "process", property: "env", message: "Read settings from server/config.ts (loadConfig), parsed once." },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "public/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
      ".generated/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // No import cycles (issue 40): a cycle makes two modules one in all but name. This rule leaves type-only
    // imports out; `npm run check:cycles` (scripts/quality/cycles.ts, in npm test) counts them too, and refuses
    // two server folders that import each other both ways (issue 55).
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  // One-way layers (docs/CONVENTIONS.md, docs/decisions/009-layers.md):
  // routes -> components -> ui, forms, lib; forms -> lib; route loaders -> content (views) -> lib; server -> forms, lib.
  restrict(["app/components/**"], [routes, serverModules, contentRuntime, serverCode], ["app/components/ui/**"]),
  restrict(["app/components/ui/**"], [routes, serverModules, contentRuntime, serverCode, featureFolders]),
  restrict(["app/lib/**"], [routes, components, content, forms, contract, serverModules, serverCode]),
  // The organisers' API contract (issue 64): routes, bodies (forms' schemas) and answers, for the browser and the server.
  restrict(["app/api/**"], [routes, components, content, serverModules, serverCode]),
  restrict(["app/content/**"], [routes, components, serverCode]),
  // Form definitions are plain data for the browser, the server and the inbox alike.
  restrict(["app/forms/**"], [routes, components, content, serverModules, serverCode]),
  restrict(["app/routes/**", "app/root.tsx"], [serverCode]),
  restrict(
    ["server/**"],
    [routes, components, queries, paymentProviders, paymentImplementations],
    ["server/db/**", "server/**/queries.ts", "server/**/*.queries.ts", "server/**/*.test.ts", "server/payments/**"],
  ),
  restrict(["server/payments/**"], [routes, components, queries], ["server/payments/**/*.test.ts"]),
  restrict(
    ["server/**/queries.ts", "server/**/*.queries.ts", "server/**/*.test.ts"],
    [routes, components],
    ["server/db/**"],
  ),
  restrict(["server/db/**"], [routes, components, aboveDb], ["server/db/**/*.test.ts"]),
  paymentsByMethod,
  frontDoors,
  restrict(["scripts/build/**", "scripts/build.ts", "scripts/postbuild.ts"], [appUi, buildFromServer]),
  restrict(["scripts/**"], [appUi], ["scripts/build/**", "scripts/build.ts", "scripts/postbuild.ts"]),
  envOnce,
);
