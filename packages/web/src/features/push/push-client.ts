import { pushRouteTable as push, pushSubscriptionBodySchema, usersRouteTable as users } from "@atalaya/shared";
import { call } from "../../lib/call";

/** The service worker file, served from the portal's root so it may show notifications for every page. */
export const SERVICE_WORKER_URL = "/sw.js";

/** True when this browser can receive Web Push (service workers, PushManager and notifications). */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The browser's notification permission, or "unsupported". */
export function pushPermission(): NotificationPermission | "unsupported" {
  return pushSupported() ? Notification.permission : "unsupported";
}

const fromBase64Url = (value: string): Uint8Array<ArrayBuffer> => {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

/** Asks the browser's permission, registers the service worker, subscribes with the deployment's key,
 * stores the subscription and turns the user's "browser push" setting on. Answers false when the
 * person (or the browser) refused. */
export async function enablePush(userId: number): Promise<boolean> {
  if (!pushSupported()) return false;
  if ((await Notification.requestPermission()) !== "granted") return false;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const { publicKey } = await call(push.getPushKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
  // The browser types its subscription loosely (every field optional); a subscribed one has them all.
  await call(push.postPushSubscriptions, { body: pushSubscriptionBodySchema.parse(subscription.toJSON()) });
  await call(users.putUserByIdSettings, { params: { id: userId }, body: { browserPush: true } });
  return true;
}

/** Turns "browser push" off for the user, and this browser's subscription with it. */
export async function disablePush(userId: number): Promise<void> {
  await call(users.putUserByIdSettings, { params: { id: userId }, body: { browserPush: false } });
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await call(push.deletePushSubscriptions, { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe();
}
