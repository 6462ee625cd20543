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
    // Set-ups start and remove PostgreSQL data folders, some tests run ESLint or a server: all slow when the
    // shared machine is busy (a limit on waiting, never a timing goal: those live in `npm run bench`).
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
