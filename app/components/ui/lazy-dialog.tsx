import { lazy, Suspense, useEffect, useState, type Attributes, type ComponentType } from "react";
import { whenIdle } from "~/lib/idle";

/**
 * A dialog whose code is not in the page's first download (issue 52): fetched once the page is idle, so it
 * is there when the visitor first opens it (or then, if they are quicker) and the offline copy holds it;
 * mounted when first opened, then kept (what was typed in it stays). A dialog that cannot load (offline,
 * before the offline copy holds it) does not open, rather than showing an error page.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    useEffect(() => whenIdle(() => void load().catch(() => {})), []);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...(props as P & Attributes)} />
      </Suspense>
    ) : null;
  };
}
