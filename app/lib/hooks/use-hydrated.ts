import { startTransition, useEffect, useState } from "react";

/** Set once the first hydration has committed: a component mounted afterwards starts hydrated. */
let hydratedOnce = false;

/**
 * False while React hydrates the pre-rendered HTML (and on the server), true afterwards. Anything that
 * depends on the browser (query string, local time zone, localStorage) renders its pre-rendered form
 * first and switches once this is true, so hydration never mismatches.
 *
 * The switch is a transition: the components that waited re-render in slices the browser can interrupt.
 * (useSyncExternalStore, used before, re-renders them synchronously after hydration: one long task on `/`.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
