import { useCallback, useEffect, useState } from "react";
import { isAvailability, TICKETS_API } from "../tickets/api";
import type { AvailabilityAnswer } from "../tickets/orders";

/**
 * Each plan's seats left, asked of the box office once the page has hydrated (the pages stay pre-rendered).
 * Null while unknown, offline, or where the server has no box office: then nothing is said about seats.
 * `refresh` asks again (after a sold-out answer).
 */
export function useAvailability(): { availability: AvailabilityAnswer | null; refresh: () => void } {
  const [availability, setAvailability] = useState<AvailabilityAnswer | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetch(TICKETS_API.availability, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        if (isAvailability(body)) setAvailability(body);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [asked]);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  return { availability, refresh };
}
