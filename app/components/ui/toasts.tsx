import { ToastContainer } from "react-toastify";

/** Toast stack with the spec's constants: top-right, 5000 ms, drag to close at 80 %, at most 3 at once. */
export const TOAST_LIMIT = 3;

export function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} draggablePercent={80} limit={TOAST_LIMIT} />;
}
