import { createContext, startTransition, useContext, useEffect, useState } from "react";

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
  const later = useContext(HydratesLater);
  const [hydrated, setHydrated] = useState(() => hydratedOnce && !later);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * True inside a part of the page that hydrates after the rest (components/ui/later.tsx, issue 52): its
 * components hydrate once the page's first hydration is over, and must render their pre-rendered form then.
 */
export const HydratesLater = createContext(false);

/** Whether the part now mounting is part of the page's first hydration (for components/ui/later.tsx). */
export function useMountsHydrating(): boolean {
  const [hydrating] = useState(() => !hydratedOnce);
  return hydrating;
}
