import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "~/lib/idle";
import { onToastWanted } from "~/lib/toast";

const ToastStack = lazy(() => import("./toast-container"));

/**
 * The toast stack. react-toastify is not part of the page's first download: it loads when the browser
 * is idle after hydration, or at once when a toast is shown earlier (toasts wait in its queue).
 */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const stopIdle = whenIdle(() => setWanted(true));
    const stopListening = onToastWanted(() => setWanted(true));
    return () => {
      stopIdle();
      stopListening();
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  ) : null;
}
