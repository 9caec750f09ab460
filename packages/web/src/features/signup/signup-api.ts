import { captchaChallengeSchema, signupRouteTable as signup, type LeadBody, type RegistrationBody } from "@atalaya/shared";
import { call, urlOf } from "../../lib/call";

/** `POST /api/v2/app-companies/freemium/preregistration` (SPEC §7): mails the sign-up link. */
export function preregister(email: string): Promise<{ success: true }> {
  return call(signup.postV2AppCompaniesFreemiumPreregistration, { body: { email }, redirectOnUnauthorized: false });
}

/** `GET /api/v2/app-companies/freemium/key/{key}`: the e-mail a sign-up key binds. */
export async function keyEmail(key: string): Promise<string> {
  return (await call(signup.getV2AppCompaniesFreemiumKeyByKey, { params: { key }, redirectOnUnauthorized: false })).email;
}

/** `POST /api/v2/app-companies/freemium/registration` (SPEC §7): `success: true` is success, anything else an error. */
export function register(body: RegistrationBody): Promise<{ success: true }> {
  return call(signup.postV2AppCompaniesFreemiumRegistration, { body, redirectOnUnauthorized: false });
}

/** `POST /api/v2/app-companies/freemium/lead`: the organisation step's lead (failures are ignored). */
export async function postLead(body: LeadBody): Promise<void> {
  await call(signup.postV2AppCompaniesFreemiumLead, { body, redirectOnUnauthorized: false }).catch(() => undefined);
}

/** The address the captcha widget fetches its challenge from. */
export const CAPTCHA_CHALLENGE_URL = urlOf(signup.getV2CaptchaChallenge);
export { captchaChallengeSchema };
