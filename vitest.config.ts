import { availableParallelism } from "node:os";
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
    // Vitest's default is one file at a time on two cores (cores - 1); the storage tests wait on the disk (fsync)
    // and on PostgreSQL much of the time, so as many files as cores run side by side (each on databases of its own).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 60_000,
  },
});
