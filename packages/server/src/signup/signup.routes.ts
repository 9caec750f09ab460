import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { shellLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
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
  const byAddress = (name: string, max: number) => ({ name, max, windowMs: HOUR, key: (req: { ip: string }) => req.ip });

  r.route({
    ...at(routes.getV2CaptchaChallenge),
    preHandler: limits(app, [byAddress("captcha", SIGNUP_LIMITS.challengesPerAddress)]),
    handler: async () => newChallenge(ctx.config.altchaHmacKey),
  });

  r.route({
    ...at(routes.postV2AppCompaniesFreemiumPreregistration),
    preHandler: limits(app, [
      byAddress("preregistration", ctx.config.publicFormsPerAddress),
      { name: "preregistration-email", max: SIGNUP_LIMITS.preregistrationsPerEmail, windowMs: HOUR, key: emailKey },
    ]),
    handler: async (req) => {
      await preregister(ctx, req.body.email, shellLanguage(req.headers["accept-language"]));
      return { success: true as const };
    },
  });

  r.route({
    ...at(routes.getV2AppCompaniesFreemiumKeyByKey),
    preHandler: limits(app, [byAddress("signup-key", SIGNUP_LIMITS.challengesPerAddress)]),
    handler: async (req) => ({ success: true as const, email: await keyEmail(ctx, req.params.key) }),
  });

  r.route({
    ...at(routes.postV2AppCompaniesFreemiumRegistration),
    preHandler: limits(app, [byAddress("registration", ctx.config.publicFormsPerAddress)]),
    handler: async (req) => {
      await register(ctx, req.body, shellLanguage(req.headers["accept-language"]));
      return { success: true as const };
    },
  });

  r.route({
    ...at(routes.postV2AppCompaniesFreemiumLead),
    preHandler: limits(app, [byAddress("lead", ctx.config.publicFormsPerAddress * 2)]),
    handler: async (req) => {
      void postLead(ctx, req.body, req.log);
      return { success: true as const };
    },
  });

  r.route({
    ...at(routes.getAuthVerifyEmail),
    preHandler: limits(app, [byAddress("verify-email", SIGNUP_LIMITS.challengesPerAddress)]),
    handler: async (req, reply) => {
      const ok = await verifyEmail(ctx, req.query.code);
      return reply.redirect(`/v3/login?verified=${ok ? "1" : "0"}`);
    },
  });
}
