import { defineConfig } from "vitest/config";

// Unit tests only; the React Router plugin is not needed (and not wanted) here.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
  },
});
