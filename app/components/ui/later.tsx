import { lazy, memo, Suspense, type Attributes, type ComponentType } from "react";
import { HydratesLater, useMountsHydrating } from "~/lib/hooks/use-hydrated";

/** Pre-rendering: the modules of every component made by `later`, loading since this module was. */
const loading: Promise<unknown>[] = [];

/**
 * A part of a page whose code is not in the page's first download (issue 52, docs/decisions/034): it renders
 * inside a Suspense boundary as a lazy component. Pre-rendering renders it in place: its module starts loading
 * as soon as this one is, the server's entry waits for them all (`laterLoaded`), and a lazy component whose
 * module is there renders at once (below). In the browser the page hydrates without it: React keeps the
 * boundary's pre-rendered HTML as it is (shown, its links working, its form sent as without JavaScript) and
 * hydrates it once its code has arrived, a moment later; the offline copy holds that code.
 *
 * memo: a boundary still waiting for its code must not be given new props (React would then drop its HTML
 * and render it empty until the code arrives), so a page that renders again with the same data leaves it be.
 * Only for what is below the first screen, or not needed at once: its handlers wait for its code.
 */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const get = () => load().then((component) => (loaded = component));
  if (import.meta.env.SSR) loading.push(get());
  const Part = lazy<ComponentType<P>>(() => {
    // React renders a lazy component at once when its thenable calls back at once (its module is here).
    if (loaded) {
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    if (import.meta.env.SSR) throw new Error("A part rendered before its module loaded: await laterLoaded()");
    return get().then((component) => ({ default: component }));
  });
  return memo(function Later(props: P) {
    // Mounted with the page's first hydration: the part hydrates later, as the pre-rendered HTML was.
    const hydratesLater = useMountsHydrating();
    return (
      <HydratesLater.Provider value={hydratesLater}>
        <Suspense fallback={null}>
          <Part {...(props as P & Attributes)} />
        </Suspense>
      </HydratesLater.Provider>
    );
  }) as unknown as ComponentType<P>;
}

/** Pre-rendering (app/entry.server.tsx): resolves once the module of every `later` part is loaded. */
export const laterLoaded = (): Promise<unknown> => Promise.all(loading);
