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
    // Set-up and clean-up start and remove PostgreSQL data folders: slow when the shared machine is busy.
    hookTimeout: 60_000,
  },
});
