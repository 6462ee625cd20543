/**
 * The ids the payment and comment APIs take from a URL, as schemas for the server and the form checks. Kept
 * apart from ./orders.ts and ./comments.ts, which the pages load at start: they must not pull in zod.
 */
import * as z from "zod/mini";
import { POST_ID_PATTERN } from "./blog/comments";
import { SESSION_ID_PATTERN } from "./payments/orders";

export const PostIdSchema = z.string().check(z.regex(POST_ID_PATTERN));
export const SessionIdSchema = z.string().check(z.regex(SESSION_ID_PATTERN));
