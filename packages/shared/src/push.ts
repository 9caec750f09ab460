import { z } from "./zod.js";

// Browser push (issue 15, Web Push with VAPID): the deployment's public key, and a browser's
// subscription for the signed-in user.

const NO_CONTROL = /^[^\p{Cc}]*$/u;

// A push rule's code (pushEndpointInvalid) has its text in the `push` catalogue's `rules`
// (locales/<lang>/push.json).

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** GET /api/push/key: the VAPID public key a browser subscribes with (base64url). */
export const pushKeyResponseSchema = z.object({ success: z.literal(true), publicKey: z.string() });

/** POST /api/push/subscriptions: what `PushSubscription.toJSON()` gives (endpoint and its two keys). */
export const pushSubscriptionBodySchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000).regex(NO_CONTROL),
    keys: z.object({ p256dh: z.string().min(1).max(200).regex(BASE64URL), auth: z.string().min(1).max(100).regex(BASE64URL) }),
    expirationTime: z.number().nullable().optional(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/push/subscriptions: the endpoint this browser stops receiving on. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().min(1).max(2000).regex(NO_CONTROL) }).strict();

/** What the service worker receives and shows: a title, a text and the portal page a click opens. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
