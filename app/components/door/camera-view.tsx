import { useEffect, useRef, useState } from "react";
import { readGate } from "~/lib/door/read-gate";
import { qrReader, startCamera, stopCamera } from "~/lib/door/scanner";

export interface CameraViewProps {
  /** A new code in view (./use-door.ts scanned). */
  onCode: (text: string) => void;
  /** False while a verdict is on screen: codes are not taken then. */
  ready: boolean;
}

/** Between two reads of the camera's picture: well inside the 300 ms from a code in view to its verdict. */
const FRAME_GAP_MS = 60;

/** The rear camera's picture, read for QR codes while the page is open (issue 43); one line without a camera. */
export function CameraView({ onCode, ready }: CameraViewProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"starting" | "on" | "refused">("starting");
  const latest = useRef({ onCode, ready });
  latest.current = { onCode, ready };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gate = readGate();
    void (async () => {
      try {
        const [read, s] = await Promise.all([qrReader(), startCamera(video.current!)]);
        stream = s;
        if (stopped) return stopCamera(s);
        setState("on");
        const loop = async () => {
          if (stopped) return;
          if (!document.hidden) {
            const text = gate(await read(video.current!), performance.now(), latest.current.ready);
            if (text) latest.current.onCode(text);
          }
          timer = setTimeout(() => void loop(), FRAME_GAP_MS);
        };
        void loop();
      } catch {
        if (!stopped) setState("refused");
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera(stream);
    };
  }, []);

  // No camera (refused, or none on this device): one line, so the search right under it stays in view (issue
  // 62), not a dark box.
  if (state === "refused")
    return (
      <p data-camera={state} className="rounded-[14px] bg-mist p-3">
        No camera: find people by name below.
      </p>
    );
  return (
    <figure
      className={`relative overflow-hidden rounded-[14px] ${state === "on" ? "bg-night" : "bg-mist"}`}
      data-camera={state}
    >
      {/* No picture before the camera answers (it may never): the video takes no room until then. */}
      <video
        ref={video}
        muted
        playsInline
        className={state === "on" ? "aspect-[4/3] w-full object-cover" : "h-0 w-full"}
        aria-hidden="true"
      />
      <figcaption className={`p-3 text-center ${state === "on" ? "text-paper" : ""}`}>
        {state === "on" ? "Hold the ticket's QR code in the frame." : "Starting the camera…"}
      </figcaption>
    </figure>
  );
}
