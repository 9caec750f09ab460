import { mailRouteTable as routes, type MailMessage } from "@atalaya/shared";
import { call } from "../../lib/call";

export const mailKeys = { outbox: (to: string) => ["mail-outbox", to] as const };

/** `GET /api/admin/mail` (provider administrators): the newest stored mails, optionally to one address. */
export async function fetchMails(to: string, signal?: AbortSignal): Promise<MailMessage[]> {
  return (await call(routes.getAdminMail, { query: { to: to || undefined, limit: 100 }, signal })).messages;
}
