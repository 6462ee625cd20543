import { lazy, Suspense, useEffect, useState } from "react";
import { onToastWanted } from "~/lib/toast";

const ToastStack = lazy(() => import("./toast-container"));

/**
 * The toast stack. react-toastify is not part of the page's download: it loads when the first toast is
 * shown (the toast waits in its queue meanwhile). Every toast follows something done online (a form
 * sent, a new offline copy), so the library can be fetched then.
 */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  ) : null;
}
