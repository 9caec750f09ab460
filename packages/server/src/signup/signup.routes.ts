import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  captchaChallengeSchema,
  errorBodySchema,
  leadBodySchema,
  preregistrationBodySchema,
  registrationBodySchema,
  signupKeyParamsSchema,
  signupKeyResponseSchema,
  signupSuccessSchema,
} from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { shellLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { newChallenge } from "./captcha.js";
import { keyEmail, postLead, preregister, register, verifyEmail } from "./signup.service.js";

const HOUR = 60 * 60 * 1000;
/** Public doors of the sign-up: per client address (the forms: PUBLIC_FORMS_PER_ADDRESS), and per e-mail
 * for what mails someone. */
export const SIGNUP_LIMITS = { challengesPerAddress: 60, preregistrationsPerEmail: 3 } as const;

const emailKey = (req: { body: unknown }) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
};

/** Self-service sign-up (SPEC §2, §3, §7): captcha challenge, pre-registration, key lookup,
 * registration, lead capture and e-mail verification, all without a session. */
export async function signupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 429: errorBodySchema };
  const byAddress = (name: string, max: number) => ({ name, max, windowMs: HOUR, key: (req: { ip: string }) => req.ip });

  r.get("/api/v2/captcha/challenge", {
    preHandler: limits(app, [byAddress("captcha", SIGNUP_LIMITS.challengesPerAddress)]),
    schema: { response: { 200: captchaChallengeSchema, ...errors } },
  }, async () => newChallenge(ctx.config.altchaHmacKey));

  r.post("/api/v2/app-companies/freemium/preregistration", {
    preHandler: limits(app, [
      byAddress("preregistration", ctx.config.publicFormsPerAddress),
      { name: "preregistration-email", max: SIGNUP_LIMITS.preregistrationsPerEmail, windowMs: HOUR, key: emailKey },
    ]),
    schema: {
      body: preregistrationBodySchema,
      response: { 200: signupSuccessSchema, ...errors },
    },
  }, async (req) => {
    await preregister(ctx, req.body.email, shellLanguage(req.headers["accept-language"]));
    return { success: true as const };
  });

  r.get("/api/v2/app-companies/freemium/key/:key", {
    preHandler: limits(app, [byAddress("signup-key", SIGNUP_LIMITS.challengesPerAddress)]),
    schema: { params: signupKeyParamsSchema, response: { 200: signupKeyResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, email: await keyEmail(ctx, req.params.key) }));

  r.post("/api/v2/app-companies/freemium/registration", {
    preHandler: limits(app, [byAddress("registration", ctx.config.publicFormsPerAddress)]),
    schema: {
      body: registrationBodySchema,
      response: { 200: signupSuccessSchema, ...errors },
    },
  }, async (req) => {
    await register(ctx, req.body, shellLanguage(req.headers["accept-language"]));
    return { success: true as const };
  });

  r.post("/api/v2/app-companies/freemium/lead", {
    preHandler: limits(app, [byAddress("lead", ctx.config.publicFormsPerAddress * 2)]),
    schema: {
      body: leadBodySchema,
      response: { 200: signupSuccessSchema, ...errors },
    },
  }, async (req) => {
    void postLead(ctx, req.body, req.log);
    return { success: true as const };
  });

  r.get("/api/auth/verify-email", {
    preHandler: limits(app, [byAddress("verify-email", SIGNUP_LIMITS.challengesPerAddress)]),
    schema: {
      querystring: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }),
    },
  }, async (req, reply) => {
    const ok = await verifyEmail(ctx, req.query.code);
    return reply.redirect(`/v3/login?verified=${ok ? "1" : "0"}`);
  });
}
