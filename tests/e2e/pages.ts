import { builtPages } from "../../scripts/quality/budgets";

/** Every pre-rendered path of the build, e.g. "/speakers-detail/3" (the smoke spec visits each). */
export function prerenderedPaths(): string[] {
  return builtPages().map(([page]) => page);
}
