/**
 * Web Push for alerts (issue 44): the VAPID key pair is made at the first start and kept in the database (the
 * `settings` table, first writer wins), so a backup carries it and every server on one PostgreSQL signs alike;
 * its public key is what a page subscribes with. The `web-push` library encrypts each payload (aes128gcm,
 * RFC 8291) and signs the request (VAPID, RFC 8292); it is posted with fetch (web-push's own sender speaks only
 * https, and fetch gives one timeout per push). A push service that answers 404 or 410 says the subscription is
 * gone, and it is removed.
 */
import webpush from "web-push";
import type { Db } from "../db/client";
import { sharedSetting } from "../db/settings";
import { safeError } from "../log-safe";
import { removePush, type AlertSubscription } from "./queries";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The key pair, made (once, whoever starts first) when the database has none. */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const text = await sharedSetting(db, "vapid_keys", () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(text) as VapidKeys;
}

export interface PushSender {
  publicKey: string;
  /** Sends each payload; answers how many were accepted. A gone subscription is removed. */
  sendAll(items: { sub: AlertSubscription; payload: object }[]): Promise<number>;
}

/** Pushes sent at once. */
const CONCURRENCY = 16;

export function pushSender(
  db: Db,
  keys: VapidKeys,
  options: { subject: string; log?: (line: string) => void },
): PushSender {
  const vapidDetails = { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const sendOne = async ({ sub, payload }: { sub: AlertSubscription; payload: object }) => {
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: sub.endpoint!, keys: { p256dh: sub.p256dh!, auth: sub.auth! } },
        JSON.stringify(payload),
        { vapidDetails, TTL: 12 * 3600, urgency: "high" },
      );
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => {});
      if (res.ok) return true;
      if (res.status === 404 || res.status === 410) await removePush(db, sub.id);
      else options.log?.(`push ${sub.id}: the push service answered ${res.status}`);
      return false;
    } catch (error) {
      options.log?.(`push ${sub.id}: ${safeError(error)}`);
      return false;
    }
  };
  return {
    publicKey: keys.publicKey,
    async sendAll(items) {
      let sent = 0;
      let next = 0;
      const worker = async () => {
        while (next < items.length) if (await sendOne(items[next++]!)) sent++;
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
      return sent;
    },
  };
}
