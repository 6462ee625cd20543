import { z } from "zod";

/** At most this many metrics in one `POST /api/vitals` (the browser sends one per beacon). */
export const MAX_METRICS_PER_REQUEST = 5;

/** One metric as the browser sends it (app/lib/vitals/report.ts) and `/api/vitals` accepts it. */
export const VitalSchema = z.object({
  name: z.enum(["CLS", "FCP", "INP", "LCP", "TTFB"]),
  value: z.number().nonnegative(),
  id: z.string().regex(/^[\w.:-]{1,100}$/),
  rating: z.enum(["good", "needs-improvement", "poor"]).optional(),
  page: z.string().max(300).optional(),
});

export const VitalsPayloadSchema = z.union([VitalSchema, z.array(VitalSchema).min(1).max(MAX_METRICS_PER_REQUEST)]);

export type Vital = z.infer<typeof VitalSchema>;
