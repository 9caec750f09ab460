import { SIGNUP_KEY_TTL_DAYS, zoneShapeProblem, type Language, type LeadBody, type RegistrationBody } from "@atalaya/shared";
import { hashPassword } from "../auth/password-hash.js";
import { issueCode, peekCode, spendCode } from "../auth/one-time-codes.js";
import type { AppContext } from "../context.js";
import { invalidField } from "../http/errors.js";
import { queueMail } from "../mail/index.js";
import { spendCaptcha } from "./captcha.js";
import { insertAdmin, insertFreemiumCompany, markVerified } from "./signup.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Mails a single-use sign-up key (128 bits, 7 days) bound to the e-mail. The answer is the same whether
 * or not the e-mail already has an account. */
export async function preregister(ctx: AppContext, email: string, lang: Language): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const key = await issueCode(tx, { purpose: "signup", email, ttlMs: SIGNUP_KEY_TTL_DAYS * DAY_MS });
    await queueMail(tx, ctx.config, { to: email, template: "signupKey", lang, vars: { link: `${ctx.config.publicUrl}/v3/create-account?key=${key}` } });
  });
  ctx.jobs.kick();
}

/** The e-mail a valid, unused key binds (the account form prefills it). */
export async function keyEmail(ctx: AppContext, key: string): Promise<string> {
  const row = await peekCode(ctx.db, "signup", key);
  if (!row) throw invalidField("key", "keyInvalid");
  return row.email;
}

/**
 * Creates a freemium organisation with its administrator, zone and report types in one transaction
 * (SPEC §3 Registration). A key spends itself and verifies the e-mail it binds, which must be the one
 * entered; without one the e-mail stays unverified and a verification mail goes. The captcha of the
 * organisation step is verified and spent in the same transaction.
 */
export async function register(ctx: AppContext, body: RegistrationBody, lang: Language): Promise<{ companyId: number; userId: number }> {
  const problem = zoneShapeProblem(body.zone.polygon);
  if (problem) throw invalidField("zone.polygon", problem === "zoneTooLarge" ? "zoneTooLarge" : "zoneInvalid");
  const passwordHash = await hashPassword(body.user.password, ctx.config.passwordCost);
  const created = await ctx.db.transaction(async (tx) => {
    // Spent with the registration: one that fails (a taken e-mail) leaves the captcha for the retry
    // SPEC §4 allows from the last step.
    if (!(await spendCaptcha(tx, ctx.config.altchaHmacKey, body.captcha))) throw invalidField("captcha", "captchaInvalid");
    let verified = false;
    if (body.key) {
      const key = await spendCode(tx, "signup", body.key);
      if (!key || key.email.toLowerCase() !== body.user.email.toLowerCase()) throw invalidField("key", "keyInvalid");
      verified = true;
    }
    const { companyId } = await insertFreemiumCompany(tx, body);
    // The account comes last: an e-mail taken (even by a sign-up racing this one) rolls everything back.
    const userId = await insertAdmin(tx, companyId, body, passwordHash, verified);
    if (userId === undefined) throw invalidField("user.email", "usernameTaken");
    if (!verified) {
      const code = await issueCode(tx, { purpose: "verify_email", email: body.user.email, userId, ttlMs: 7 * DAY_MS });
      await queueMail(tx, ctx.config, {
        to: body.user.email,
        template: "verifyEmail",
        lang,
        vars: { link: `${ctx.config.publicUrl}/api/auth/verify-email?code=${code}` },
      });
    }
    return { companyId, userId };
  });
  ctx.jobs.kick();
  return created;
}

/** Marks the e-mail of a verification code verified; false for an unknown, used or expired code. */
export async function verifyEmail(ctx: AppContext, code: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await spendCode(tx, "verify_email", code);
    if (!row?.user_id) return false;
    await markVerified(tx, row.user_id);
    return true;
  });
}

/** Posts the organisation step's lead to the configured webhook, in the background: a failure is logged
 * and never reaches the visitor. Answers the promise of the post (tests wait on it). */
export function postLead(ctx: AppContext, lead: LeadBody, log: { warn: (o: object, msg: string) => void }): Promise<void> {
  const url = ctx.config.leadWebhookUrl;
  if (!url) return Promise.resolve();
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ source: "atalaya-signup", ...lead }),
    signal: AbortSignal.timeout(5000),
  })
    .then((res) => {
      if (!res.ok) log.warn({ status: res.status }, "lead webhook refused the lead");
    })
    .catch((err: unknown) => log.warn({ err }, "lead webhook unreachable"));
}

