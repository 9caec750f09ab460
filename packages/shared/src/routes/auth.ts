import { loginBodySchema, loginResponseSchema, successSchema } from "../auth.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's auth/ folder (auth/auth.routes.ts). */
export const authRouteTable = defineRoutes({
  postLogin: {
    method: "POST",
    path: "/api/login",
    tags: ["auth"],
    summary: "Sign in with e-mail (or username) and password",
    access: { kind: "public" },
    body: loginBodySchema,
    answer: loginResponseSchema,
    errors: [400, 403, 404, 429],
  },
  postLogout: {
    method: "POST",
    path: "/api/logout",
    tags: ["auth"],
    summary: "Revoke the access token of this session (its sockets close on every process)",
    access: { kind: "account" },
    answer: successSchema,
    errors: [],
  },
  getLogout: {
    method: "GET",
    path: "/api/logout",
    tags: ["auth"],
    summary: "Revoke the access token of this session (its sockets close on every process). Changes state: SPEC §7's form, kept for its clients; prefer POST",
    access: { kind: "account" },
    answer: successSchema,
    errors: [],
  },
});
