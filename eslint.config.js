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
const restrict = (files, patterns) => ({ files, rules: { "no-restricted-imports": ["error", { patterns }] } });

export default tseslint.config(
  {
    ignores: [
      "build/",
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
  restrict(["app/components/**"], [routes, serverModules]),
  restrict(["app/lib/**"], [routes, components, content, serverModules]),
  restrict(["app/content/**"], [routes, components]),
  restrict(["server/**"], [routes, components]),
);
