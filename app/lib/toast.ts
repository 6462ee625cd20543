/** Toasts without react-toastify in the first download: it is imported on first use (see ui/toasts.tsx). */

const listeners = new Set<() => void>();

/** Called when a toast is about to be shown, so the stack mounts now rather than at idle time. */
export function onToastWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function showToast(kind: "success" | "error", message: string): Promise<void> {
  listeners.forEach((listener) => listener());
  const { toast } = await import("react-toastify");
  toast[kind](message);
}
