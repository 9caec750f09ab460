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
    config: { public: true },
    preHandler: limits(app, [byAddress("captcha", SIGNUP_LIMITS.challengesPerAddress)]),
    schema: { tags: ["signup"], summary: "A self-hosted ALTCHA proof-of-work challenge for the sign-up's organisation step", response: { 200: captchaChallengeSchema, ...errors } },
  }, async () => newChallenge(ctx.config.altchaHmacKey));

  r.post("/api/v2/app-companies/freemium/preregistration", {
    config: { public: true },
    preHandler: limits(app, [
      byAddress("preregistration", ctx.config.publicFormsPerAddress),
      { name: "preregistration-email", max: SIGNUP_LIMITS.preregistrationsPerEmail, windowMs: HOUR, key: emailKey },
    ]),
    schema: {
      tags: ["signup"],
      summary: "Mails a single-use sign-up link (128-bit key, valid 7 days) to the e-mail, in the Accept-Language language",
      body: preregistrationBodySchema,
      response: { 200: signupSuccessSchema, ...errors },
    },
  }, async (req) => {
    await preregister(ctx, req.body.email, shellLanguage(req.headers["accept-language"]));
    return { success: true as const };
  });

  r.get("/api/v2/app-companies/freemium/key/:key", {
    config: { public: true },
    preHandler: limits(app, [byAddress("signup-key", SIGNUP_LIMITS.challengesPerAddress)]),
    schema: { tags: ["signup"], summary: "The e-mail a valid sign-up key binds (400 keyInvalid when unknown, used or expired)", params: signupKeyParamsSchema, response: { 200: signupKeyResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, email: await keyEmail(ctx, req.params.key) }));

  r.post("/api/v2/app-companies/freemium/registration", {
    config: { public: true },
    preHandler: limits(app, [byAddress("registration", ctx.config.publicFormsPerAddress)]),
    schema: {
      tags: ["signup"],
      summary: "Creates a freemium organisation with its administrator, zone and report types in one transaction",
      body: registrationBodySchema,
      response: { 200: signupSuccessSchema, ...errors },
    },
  }, async (req) => {
    await register(ctx, req.body, shellLanguage(req.headers["accept-language"]));
    return { success: true as const };
  });

  r.post("/api/v2/app-companies/freemium/lead", {
    config: { public: true },
    preHandler: limits(app, [byAddress("lead", ctx.config.publicFormsPerAddress * 2)]),
    schema: {
      tags: ["signup"],
      summary: "The organisation step's lead, posted to LEAD_WEBHOOK_URL in the background (never fails the sign-up)",
      body: leadBodySchema,
      response: { 200: signupSuccessSchema, ...errors },
    },
  }, async (req) => {
    void postLead(ctx, req.body, req.log);
    return { success: true as const };
  });

  r.get("/api/auth/verify-email", {
    config: { public: true },
    preHandler: limits(app, [byAddress("verify-email", SIGNUP_LIMITS.challengesPerAddress)]),
    schema: {
      tags: ["signup"],
      summary: "The verification mail's link: marks the e-mail verified and goes to the login page",
      querystring: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }),
    },
  }, async (req, reply) => {
    const ok = await verifyEmail(ctx, req.query.code);
    return reply.redirect(`/v3/login?verified=${ok ? "1" : "0"}`);
  });
}
