/**
 * The door's eyes (issue 43, docs/decisions/025-door-scanner.md): the rear camera, read by the browser's own
 * `BarcodeDetector` where it has one (Chrome on Android), else by jsQR, loaded here only (a dynamic
 * import: no other page downloads it) and precached with the page so it works offline. Browser-only.
 */
type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/** Frames are read at most this wide: a ticket held at the door fills much of the picture. */
const READ_WIDTH = 640;

export type Reader = (video: HTMLVideoElement) => Promise<string | null>;

export async function startCamera(video: HTMLVideoElement): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
  video.srcObject = stream;
  await video.play();
  return stream;
}

export const stopCamera = (stream: MediaStream | null) => stream?.getTracks().forEach((t) => t.stop());

/** The fastest QR reader this browser has. */
export async function qrReader(): Promise<Reader> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  return async (video) => {
    if (!video.videoWidth) return null;
    const scale = Math.min(1, READ_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    // Tickets are dark on light: no inverted pass (it doubles the time of a frame without a code).
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}
