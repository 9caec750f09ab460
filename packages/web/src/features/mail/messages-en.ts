import type { mailOutboxEs } from "./messages-es";

/** English texts of the provider's mail outbox screen. */
export const mailOutboxEn: typeof mailOutboxEs = {
  title: "Mail outbox",
  subtitle: "Every mail the product sends. Without an SMTP server configured they stay here, in the outbox.",
  filter: "Filter by recipient",
  columns: { to: "To", subject: "Subject", state: "State", attempts: "Attempts", created: "Created" },
  states: { outbox: "In outbox", queued: "Queued", sent: "Sent", failed: "Failed" },
  empty: "No mails.",
  body: "Content",
};
