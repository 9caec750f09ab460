import webpush from "web-push";
import type { PushSubscriptionBody } from "@atalaya/shared";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/db.js";
import { AppError } from "../http/errors.js";
import { enqueueJob } from "../jobs/index.js";
import { pushPayload } from "./push-text.js";
import { anyPushTarget, deleteSubscription, forgetSubscription, markSent, pushTargets, saveSubscription, storeOrReadKeys, type VapidKeys } from "./push.repository.js";

/** The job that sends the browser pushes of stored notifications (never inside the request that made them). */
export const PUSH_JOB = "push.send";

let cached: { db: Db; keys: VapidKeys } | undefined;
/** The deployment's VAPID keys, generated and stored by the first process that needs them. */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  if (cached?.db === db) return cached.keys;
  const keys = await storeOrReadKeys(db, () => webpush.generateVAPIDKeys());
  cached = { db, keys };
  return keys;
}

/** Inside the transaction that stores notifications: queues their push job when a recipient wants browser
 * push and has a subscription (so most notifications cost one small query and no job). */
export async function queuePush(tx: Tx, notifications: readonly { id: number; userId: number }[]): Promise<void> {
  if (notifications.length === 0) return;
  if (!(await anyPushTarget(tx, [...new Set(notifications.map((n) => n.userId))]))) return;
  await enqueueJob(tx, { kind: PUSH_JOB, payload: { notificationIds: notifications.map((n) => n.id) }, maxAttempts: 1 });
}

/** The push service's address must be https; plain http only for the origins PUSH_HTTP_ORIGINS lists
 * (a local test server), so a subscription cannot make the server call any address it likes. */
export function checkEndpoint(config: Pick<Config, "pushHttpOrigins">, endpoint: string): void {
  const url = new URL(endpoint);
  if (url.protocol === "https:" || config.pushHttpOrigins.includes(url.origin)) return;
  throw new AppError(400, "validation", "Validation errors", [{ field: "endpoint", code: "pushEndpointInvalid" }]);
}

/** Stores this browser's subscription for the caller. */
export async function subscribe(db: Db, config: Pick<Config, "pushHttpOrigins">, userId: number, body: PushSubscriptionBody): Promise<void> {
  checkEndpoint(config, body.endpoint);
  await saveSubscription(db, userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
}

/** Removes one of the caller's subscriptions; false when it was not theirs or not there. */
export function unsubscribe(db: Db, userId: number, endpoint: string): Promise<boolean> {
  return deleteSubscription(db, userId, endpoint);
}

/** The push job: each notification's push, encrypted for each subscription of its recipient (RFC 8291)
 * and posted to its push service; a 404 or 410 answer means the subscription is gone and it is removed.
 * Other failures are counted, not retried (the notification stays in the bell). */
export async function sendPushes(
  db: Db,
  config: Pick<Config, "mailFrom">,
  notificationIds: readonly number[],
): Promise<{ sent: number; removed: number; failed: number }> {
  const keys = await vapidKeys(db);
  const subject = `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`;
  const out = { sent: 0, removed: 0, failed: 0 };
  for (const target of await pushTargets(db, notificationIds)) {
    const payload = JSON.stringify(pushPayload(target));
    for (const s of target.subscriptions) {
      const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 60 * 60,
      });
      try {
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(10_000),
          redirect: "error",
        });
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) {
          await forgetSubscription(db, s.id);
          out.removed++;
        } else if (res.ok) {
          await markSent(db, s.id);
          out.sent++;
        } else out.failed++;
      } catch {
        out.failed++;
      }
    }
  }
  return out;
}
