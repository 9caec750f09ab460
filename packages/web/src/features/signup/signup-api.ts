import {
  captchaChallengeSchema,
  signupKeyResponseSchema,
  signupSuccessSchema,
  type LeadBody,
  type RegistrationBody,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** `POST /api/v2/app-companies/freemium/preregistration` (SPEC §7): mails the sign-up link. */
export function preregister(email: string): Promise<{ success: true }> {
  return api.post("/v2/app-companies/freemium/preregistration", { email }, { schema: signupSuccessSchema, redirectOnUnauthorized: false });
}

/** `GET /api/v2/app-companies/freemium/key/{key}`: the e-mail a sign-up key binds. */
export async function keyEmail(key: string): Promise<string> {
  return (await api.get(`/v2/app-companies/freemium/key/${encodeURIComponent(key)}`, { schema: signupKeyResponseSchema, redirectOnUnauthorized: false })).email;
}

/** `POST /api/v2/app-companies/freemium/registration` (SPEC §7): `success: true` is success, anything else an error. */
export function register(body: RegistrationBody): Promise<{ success: true }> {
  return api.post("/v2/app-companies/freemium/registration", body, { schema: signupSuccessSchema, redirectOnUnauthorized: false });
}

/** `POST /api/v2/app-companies/freemium/lead`: the organisation step's lead (failures are ignored). */
export async function postLead(body: LeadBody): Promise<void> {
  await api.post("/v2/app-companies/freemium/lead", body, { redirectOnUnauthorized: false }).catch(() => undefined);
}

/** The address the captcha widget fetches its challenge from. */
export const CAPTCHA_CHALLENGE_URL = "/api/v2/captcha/challenge";
export { captchaChallengeSchema };
