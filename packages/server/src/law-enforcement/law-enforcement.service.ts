import { isLawEnforcementEmail, LAW_ENFORCEMENT_LINK_TTL_HOURS, lawEnforcementRequestBodySchema, type Language, type LawEnforcementRequest } from "@atalaya/shared";
import type { z } from "zod";
import { issueCode, peekCode, spendCode } from "../auth/one-time-codes.js";
import type { AppContext } from "../context.js";
import { invalidField } from "../http/errors.js";
import { queueMail } from "../mail/index.js";
import { insertRequest } from "./law-enforcement.repository.js";

/** Mails a single-use link to the form (128 bits, 24 h) to an e-mail of a government or security entity
 * (LAW_ENFORCEMENT_DOMAINS); any other domain is 400 domainNotAllowed. */
export async function requestAccess(ctx: AppContext, email: string, lang: Language): Promise<void> {
  if (!isLawEnforcementEmail(email, ctx.config.lawEnforcementDomains)) throw invalidField("email", "domainNotAllowed");
  await ctx.db.transaction(async (tx) => {
    const token = await issueCode(tx, { purpose: "law_enforcement", email, ttlMs: LAW_ENFORCEMENT_LINK_TTL_HOURS * 3_600_000 });
    await queueMail(tx, ctx.config, {
      to: email,
      template: "lawEnforcementLink",
      lang,
      vars: { link: `${ctx.config.publicUrl}/v3/law-enforcement/form?token=${token}`, hours: LAW_ENFORCEMENT_LINK_TTL_HOURS },
    });
  });
  ctx.jobs.kick();
}

/** The e-mail a valid link was sent to (the form shows it). */
export async function linkEmail(ctx: AppContext, token: string): Promise<string> {
  const row = await peekCode(ctx.db, "law_enforcement", token);
  if (!row) throw invalidField("token", "codeInvalid");
  return row.email;
}

/** Stores the form's request with a reference number, spending the link, and mails the confirmation. */
export async function submitRequest(ctx: AppContext, body: z.output<typeof lawEnforcementRequestBodySchema>, lang: Language): Promise<LawEnforcementRequest> {
  const request = await ctx.db.transaction(async (tx) => {
    const link = await spendCode(tx, "law_enforcement", body.token);
    if (!link) throw invalidField("token", "codeInvalid");
    const stored = await insertRequest(tx, { ...body, email: link.email });
    await queueMail(tx, ctx.config, { to: link.email, template: "lawEnforcementConfirmation", lang, vars: { reference: stored.reference } });
    return stored;
  });
  ctx.jobs.kick();
  return request;
}
