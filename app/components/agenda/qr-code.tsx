import { useEffect, useRef } from "react";

export interface QrCodeProps {
  /** What the code carries (a link). */
  value: string;
  /** Its accessible name, e.g. "QR code of the share link". */
  label: string;
}

/** A QR code drawn one pixel per module and scaled up sharply (lean-qr, loaded only when shown). */
export function QrCode({ value, label }: QrCodeProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    void import("lean-qr").then(({ generate }) => {
      if (live && canvas.current) generate(value).toCanvas(canvas.current);
    });
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-qr
      className="mx-auto mt-2 size-56 bg-white [image-rendering:pixelated]"
    />
  );
}
