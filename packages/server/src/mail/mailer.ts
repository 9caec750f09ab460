import { createTransport, type Transporter } from "nodemailer";
import type { Language } from "@atalaya/shared";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/db.js";
import { enqueueJob, PermanentJobError, type JobWorker } from "../jobs/index.js";
import { findMail, insertMail, recordAttempt } from "./mail.repository.js";
import { renderMail, type MailTemplate } from "./templates.js";

/** The job that sends one stored mail over SMTP. */
export const MAIL_JOB = "mail.send";
/** Attempts before a mail is left 'failed' (with backoff up to a minute between them). */
export const MAIL_ATTEMPTS = 8;

/** What to mail: a template in a language with its variables. */
export interface Mail {
  to: string;
  template: MailTemplate;
  lang: Language;
  vars: Record<string, string | number>;
}

/**
 * The one way the product sends mail. The mail is stored in the caller's transaction, so it exists
 * exactly when the change that wrote it does: without SMTP_URL it stays in the outbox table (read by
 * the provider's screen and the tests); with it, a job sends it, retried with backoff, and the row
 * keeps the outcome. Call `ctx.jobs.kick()` after the transaction commits.
 */
export async function queueMail(tx: Tx, config: Pick<Config, "smtpUrl">, mail: Mail): Promise<number> {
  const { subject, text } = renderMail(mail.template, mail.lang, mail.vars);
  const state = config.smtpUrl ? "queued" : "outbox";
  const id = await insertMail(tx, { to: mail.to, subject, text, template: mail.template, lang: mail.lang, state });
  if (config.smtpUrl) await enqueueJob(tx, { kind: MAIL_JOB, payload: { mailId: id }, maxAttempts: MAIL_ATTEMPTS });
  return id;
}

/** Registers the sending job's handler on this process's worker (only when SMTP_URL is set). */
export function installMailJob(ctx: { config: Config; db: Db; jobs: JobWorker }): void {
  const { smtpUrl, mailFrom } = ctx.config;
  if (!smtpUrl) return;
  let transport: Transporter | undefined;
  ctx.jobs.handle(MAIL_JOB, async ({ job }) => {
    const mail = await findMail(ctx.db, Number(job.payload.mailId));
    if (!mail) throw new PermanentJobError("mail not found");
    if (mail.state === "sent") return { sent: mail.id };
    transport ??= createTransport(smtpUrl);
    try {
      await transport.sendMail({ from: mailFrom, to: mail.to_address, subject: mail.subject, text: mail.body_text });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await recordAttempt(ctx.db, mail.id, { sent: false, error, final: job.attempts >= job.max_attempts });
      throw err;
    }
    await recordAttempt(ctx.db, mail.id, { sent: true });
    return { sent: mail.id };
  });
}
