import type { Language } from "@atalaya/shared";
import { t, type TextVars } from "../http/texts.js";

/** The mails the product sends; each has a subject and a plain-text body in es, en and fr. */
export const MAIL_TEMPLATES = ["signupKey", "verifyEmail", "passwordReset", "lawEnforcementLink", "lawEnforcementConfirmation", "dailySummary", "monthlySummary"] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

// Each template's subject and text are the `mail` catalogue's (locales/<lang>/mail.json, read by
// http/texts.ts), {{link}}, {{reference}}, {{hours}}… filled from the mail's variables. A template
// missing from the Spanish catalogue is a compile error; texts.test.ts holds en and fr to es. Mails are
// plain text: nothing to escape.

/** The subject and text of a template in lang, with its variables filled. */
export function renderMail(template: MailTemplate, lang: Language, vars: TextVars): { subject: string; text: string } {
  return { subject: t(lang, `mail:${template}.subject`, vars), text: t(lang, `mail:${template}.text`, vars) };
}
