import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LOGIN_FREE_FAILURES_PER_ADDRESS, LOGIN_FREE_FAILURES_PER_EMAIL, LOGIN_WINDOW_SECONDS, routes } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { shellLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import { forgotPassword, resetPassword } from "./password-reset.service.js";

const WINDOW_MS = LOGIN_WINDOW_SECONDS * 1000;

/** POST /api/auth/forgot-password and /api/auth/reset-password: public, limited with the login's
 * numbers (per e-mail and per address within the login window). */
export async function passwordResetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byAddress = (name: string) => ({ name, max: LOGIN_FREE_FAILURES_PER_ADDRESS, windowMs: WINDOW_MS, key: (req: { ip: string }) => req.ip });

  r.route({
    ...at(routes.postAuthForgotPassword),
    preHandler: limits(app, [
      byAddress("forgot-password"),
      {
        name: "forgot-password-email",
        max: LOGIN_FREE_FAILURES_PER_EMAIL,
        windowMs: WINDOW_MS,
        key: (req) => String((req.body as { email?: string }).email ?? "").trim().toLowerCase(),
      },
    ]),
    handler: async (req) => {
      await forgotPassword(ctx, req.body.email, shellLanguage(req.headers["accept-language"]));
      return { success: true as const };
    },
  });

  r.route({
    ...at(routes.postAuthResetPassword),
    preHandler: limits(app, [byAddress("reset-password")]),
    handler: async (req) => {
      await resetPassword(ctx, req.body.code, req.body.password);
      return { success: true as const };
    },
  });
}
