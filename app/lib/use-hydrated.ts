import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates the pre-rendered HTML (and on the server), true afterwards. Anything that
 * depends on the browser (query string, local time zone, localStorage) renders its pre-rendered form
 * first and switches once this is true, so hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
