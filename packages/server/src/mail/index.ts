// The one mailer: templates es/en/fr, the outbox table, SMTP sending by a retried job, the outbox screen's route.
export { installMailJob, MAIL_JOB, queueMail, type Mail } from "./mailer.js";
export { mailRoutes } from "./mail.routes.js";
export type { MailTemplate } from "./templates.js";
