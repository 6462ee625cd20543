import { ToastContainer } from "react-toastify";
import { useDirection } from "~/lib/page-options-store";

/** Toast stack with the spec's constants: top-right, 5000 ms, drag to close at 80 %, at most 3 at once. */
export const TOAST_LIMIT = 3;

/** In right-to-left the stack mirrors: top-left, text and progress bar reversed. */
export default function ToastStack() {
  const rtl = useDirection() === "rtl";
  return (
    <ToastContainer
      position={rtl ? "top-left" : "top-right"}
      rtl={rtl}
      autoClose={5000}
      draggablePercent={80}
      limit={TOAST_LIMIT}
    />
  );
}
