import js from "@eslint/js";
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
  group: ["../api/**", "../mail/**", "../admin/**", "../start", "../app"],
  message: "The database layer is below the APIs, mail and admin: they use db, not the reverse.",
};
const appUi = {
  group: ["**/app/components/**", "**/app/routes/**", "~/components/**", "~/routes/**"],
  message: "Scripts use content, lib and the server's modules, never components or routes.",
};
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});
/** Settings are read once, in server/config.ts (browser code gets import.meta.env from Vite). */
const envOnce = {
  files: ["server/**/*.ts", "app/**/*.{ts,tsx}"],
  // content.server.ts runs in the build only (CONTENT_DIR, like BUILD_DIR in scripts/build, is a build setting).
  ignores: ["server/config.ts", "app/content/content.server.ts", "**/*.test.ts", "**/*.test.tsx"],
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
  // One-way layers (docs/CONVENTIONS.md, docs/decisions/009-layers.md):
  // routes -> components -> ui and lib; route loaders -> content (views) -> lib; server -> lib.
  restrict(["app/components/**"], [routes, serverModules, contentRuntime, serverCode], ["app/components/ui/**"]),
  restrict(["app/components/ui/**"], [routes, serverModules, contentRuntime, serverCode, featureFolders]),
  restrict(["app/lib/**"], [routes, components, content, serverModules, serverCode]),
  restrict(["app/content/**"], [routes, components, serverCode]),
  // Form definitions are plain data for the browser, the server and the inbox alike.
  restrict(["app/forms/**"], [routes, components, content, serverModules, serverCode]),
  restrict(["app/routes/**", "app/root.tsx"], [serverCode]),
  restrict(["server/**"], [routes, components], ["server/db/**"]),
  restrict(["server/db/**"], [routes, components, aboveDb]),
  restrict(["scripts/**"], [appUi]),
  envOnce,
);
