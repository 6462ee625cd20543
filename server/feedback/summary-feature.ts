/**
 * The feedback summary's organisers' routes (issue 63, item 4: ./admin-routes.ts) as a feature of its own for
 * now; at the merge they join the public rating's feature (./routes.ts) and this file goes.
 */
import { organiserFeature } from "../admin/context";
import type { ServerContext } from "../context";
import { registerFeedbackSummary } from "./admin-routes";

export const routes = (ctx: ServerContext) => organiserFeature(ctx, registerFeedbackSummary);
