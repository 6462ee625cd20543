import { useSearchParams } from "react-router";
import { useHydrated } from "./use-hydrated";

/**
 * A query parameter of the current URL, or null while the pre-rendered HTML hydrates (that HTML was
 * rendered without a query string, so the first render must match it).
 */
export function useSearchParam(name: string): string | null {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  return hydrated ? params.get(name) : null;
}
