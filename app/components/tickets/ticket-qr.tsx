import { generate } from "lean-qr";
import { toSvgPath } from "lean-qr/extras/svg";
import { useMemo } from "react";

export interface TicketQrProps {
  /** The signed text the door scans (app/lib/tickets/payload.ts). */
  text: string;
  /** "Ticket 2 of 5, QR code". */
  label: string;
}

/** A ticket's QR code as SVG: sharp at any size, dark on white with the quiet zone scanners need. */
export function TicketQr({ text, label }: TicketQrProps) {
  const { size, path } = useMemo(() => {
    const code = generate(text);
    return { size: code.size, path: toSvgPath(code) };
  }, [text]);
  const pad = 4;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-pad} ${-pad} ${size + 2 * pad} ${size + 2 * pad}`}
      shapeRendering="crispEdges"
      className="block aspect-square w-full max-w-72 rounded-lg bg-white"
      data-ticket-qr
    >
      <rect x={-pad} y={-pad} width={size + 2 * pad} height={size + 2 * pad} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
