import { defineConfig } from "vitest/config";

// Unit tests, and tests/integration (through more than one layer); the React Router plugin is not needed (and not wanted) here.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/integration/**/*.test.{ts,tsx}",
    ],
    environment: "node",
  },
});
