import { captchaChallengeSchema, leadBodySchema, preregistrationBodySchema, registrationBodySchema, signupKeyParamsSchema, signupKeyResponseSchema, signupSuccessSchema, verifyEmailQuerySchema } from "../signup.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's signup/ folder (signup/signup.routes.ts). */
export const signupRouteTable = defineRoutes({
  getV2CaptchaChallenge: {
    method: "GET",
    path: "/api/v2/captcha/challenge",
    tags: ["signup"],
    summary: "A self-hosted ALTCHA proof-of-work challenge for the sign-up's organisation step",
    access: { kind: "public" },
    answer: captchaChallengeSchema,
    errors: [400, 429],
  },
  postV2AppCompaniesFreemiumPreregistration: {
    method: "POST",
    path: "/api/v2/app-companies/freemium/preregistration",
    tags: ["signup"],
    summary: "Mails a single-use sign-up link (128-bit key, valid 7 days) to the e-mail, in the Accept-Language language",
    access: { kind: "public" },
    body: preregistrationBodySchema,
    answer: signupSuccessSchema,
    errors: [400, 429],
  },
  getV2AppCompaniesFreemiumKeyByKey: {
    method: "GET",
    path: "/api/v2/app-companies/freemium/key/:key",
    tags: ["signup"],
    summary: "The e-mail a valid sign-up key binds (400 keyInvalid when unknown, used or expired)",
    access: { kind: "public" },
    params: signupKeyParamsSchema,
    answer: signupKeyResponseSchema,
    errors: [400, 429],
  },
  postV2AppCompaniesFreemiumRegistration: {
    method: "POST",
    path: "/api/v2/app-companies/freemium/registration",
    tags: ["signup"],
    summary: "Creates a freemium organisation with its administrator, zone and report types in one transaction",
    access: { kind: "public" },
    body: registrationBodySchema,
    answer: signupSuccessSchema,
    errors: [400, 429],
  },
  postV2AppCompaniesFreemiumLead: {
    method: "POST",
    path: "/api/v2/app-companies/freemium/lead",
    tags: ["signup"],
    summary: "The organisation step's lead, posted to LEAD_WEBHOOK_URL in the background (never fails the sign-up)",
    access: { kind: "public" },
    body: leadBodySchema,
    answer: signupSuccessSchema,
    errors: [400, 429],
  },
  getAuthVerifyEmail: {
    method: "GET",
    path: "/api/auth/verify-email",
    tags: ["signup"],
    summary: "The verification mail's link: marks the e-mail verified and goes to the login page",
    access: { kind: "public" },
    query: verifyEmailQuerySchema,
    errors: [],
  },
});
