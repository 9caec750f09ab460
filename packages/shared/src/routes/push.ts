import { successSchema } from "../auth.js";
import { pushKeyResponseSchema, pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from "../push.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's push/ folder (push/push.routes.ts). */
export const pushRouteTable = defineRoutes({
  getPushKey: {
    method: "GET",
    path: "/api/push/key",
    tags: ["push"],
    summary: "The VAPID public key (base64url) a browser subscribes to push with",
    access: { kind: "account" },
    answer: pushKeyResponseSchema,
    errors: [400, 401, 404],
  },
  postPushSubscriptions: {
    method: "POST",
    path: "/api/push/subscriptions",
    tags: ["push"],
    summary: "Stores this browser's push subscription for the caller (https push services only: 400 pushEndpointInvalid)",
    access: { kind: "account" },
    body: pushSubscriptionBodySchema,
    answer: successSchema,
    errors: [400, 401, 404],
  },
  deletePushSubscriptions: {
    method: "DELETE",
    path: "/api/push/subscriptions",
    tags: ["push"],
    summary: "Removes one of the caller's push subscriptions (404 when it is not theirs)",
    access: { kind: "account" },
    body: pushUnsubscribeBodySchema,
    answer: successSchema,
    errors: [400, 401, 404],
  },
});
