import { mailOutboxResponseSchema, type MailMessage } from "@atalaya/shared";
import { api } from "../../lib/api";

export const mailKeys = { outbox: (to: string) => ["mail-outbox", to] as const };

/** `GET /api/admin/mail` (provider administrators): the newest stored mails, optionally to one address. */
export async function fetchMails(to: string, signal?: AbortSignal): Promise<MailMessage[]> {
  return (await api.get("/admin/mail", { query: { to: to || undefined, limit: 100 }, schema: mailOutboxResponseSchema, signal })).messages;
}
