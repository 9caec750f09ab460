// The one mailer: templates es/en/fr, the outbox table, SMTP sending by a retried job, the outbox screen's route.
import type { Domain } from "../context.js";
import { mailRoutes } from "./mail.routes.js";
import { installMailJob } from "./mailer.js";
export { installMailJob, MAIL_JOB, queueMail, type Mail } from "./mailer.js";
export type { MailTemplate } from "./templates.js";

/** The mail domain in the application: its routes and its background jobs; domains.ts lists it. */
export const mailDomain: Domain = {
  name: "mail",
  routes: mailRoutes,
  // The one mailer: stored mails are sent over SMTP by a retried job when SMTP_URL is set.
  jobs: installMailJob,
};
