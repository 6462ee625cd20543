import type { Metric } from "web-vitals";

/** The body sent per metric; the server's /api/vitals accepts the same shape. */
export interface VitalsPayload {
  name: Metric["name"];
  value: number;
  id: string;
  rating: Metric["rating"];
  page: string;
}

export function toPayload(metric: Metric, page: string): VitalsPayload {
  return { name: metric.name, value: metric.value, id: metric.id, rating: metric.rating, page };
}

/**
 * Field measurements (spec: a lazily loaded performance-metrics reporter). Sends LCP, INP and CLS to `url`
 * with sendBeacon (fetch keepalive as a fallback). Loaded only when an endpoint is configured, after idle.
 */
export async function startVitals(url: string): Promise<void> {
  const { onCLS, onINP, onLCP } = await import("web-vitals");
  const send = (metric: Metric) => {
    const body = JSON.stringify(toPayload(metric, location.pathname));
    if (!navigator.sendBeacon?.(url, body)) {
      void fetch(url, { method: "POST", body, keepalive: true }).catch(() => {});
    }
  };
  onLCP(send);
  onINP(send);
  onCLS(send);
}
