import type { CollaboratorMessage, CollaboratorMessageEvent, CollaboratorMessagesQuery, CollaboratorReceipt } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { publishNotifications, recordNotifications } from "../notifications/index.js";
import type { EventBus } from "../realtime/bus.js";
import {
  countUnread,
  findMessage,
  insertMessage,
  listMessages,
  listReceipts,
  markRead,
  notMembers,
  notTeams,
  resolveRecipients,
} from "./collaborator-message.repository.js";

const excerptOf = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);
const invalid = (field: string, code: string) => new AppError(400, "validation", "Validation errors", [{ field, code }]);

/** Sends the `collaboratorMessage` real-time message to one user's sockets only (across processes). A lost
 * publish loses no data: the screen reads its list again on reconnect and the bell has the notification. */
async function tell(bus: EventBus, companyId: number, userId: number, data: CollaboratorMessageEvent): Promise<void> {
  await bus.publish({ type: "collaboratorMessage", seq: 0, companyId, data, recipientUserId: userId }).catch(() => undefined);
}

/** Writes a message to members of the company: the chosen people must be members and the teams the
 * company's (400 otherwise, nothing stored); it reaches them (never the sender) with a notification each,
 * and whoever is online gets it live after the commit. */
export async function sendMessage(
  ctx: AppContext,
  scope: CompanyScope,
  body: { title: string; body: string; everyone: boolean; userIds: number[]; teamIds: number[] },
): Promise<CollaboratorMessage> {
  const senderId = scope.actor.user.id;
  const { id, recipients, notifications } = await ctx.db.transaction(async (tx) => {
    if ((await notMembers(tx, scope, body.userIds)).length > 0) throw invalid("userIds", "collaboratorRecipientInvalid");
    if ((await notTeams(tx, scope, body.teamIds)).length > 0) throw invalid("teamIds", "collaboratorTeamInvalid");
    const recipients = await resolveRecipients(tx, scope, body, senderId);
    if (recipients.length === 0) throw invalid("userIds", "collaboratorNoRecipients");
    const id = await insertMessage(tx, scope, { senderId, ...body }, recipients);
    const notifications = await recordNotifications(
      tx,
      recipients.map((userId) => ({
        userId,
        companyId: scope.companyId,
        kind: "collaboratorMessage" as const,
        actorUserId: senderId,
        data: { messageId: id, title: body.title, excerpt: excerptOf(body.body) },
      })),
    );
    return { id, recipients, notifications };
  });
  await publishNotifications(ctx.bus, notifications);
  for (const userId of recipients) await tell(ctx.bus, scope.companyId, userId, { messageId: id, change: "received" });
  ctx.jobs.kick();
  return (await findMessage(ctx.db, scope, senderId, id))!;
}

/** The caller's received or sent messages, a page at a time (SPEC §9: 10 a page, first page 1). */
export async function myMessages(
  ctx: AppContext,
  scope: CompanyScope,
  q: CollaboratorMessagesQuery,
): Promise<{ messages: CollaboratorMessage[]; total: number; unread: number }> {
  const userId = scope.actor.user.id;
  const [page, unread] = await Promise.all([
    listMessages(ctx.db, scope, userId, { box: q.box, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    countUnread(ctx.db, scope, userId),
  ]);
  return { ...page, unread };
}

/** One message for its sender, a recipient or a company admin (anyone else: 404); the receipts only for
 * the sender and company admins. */
export async function showMessage(
  ctx: AppContext,
  scope: CompanyScope,
  id: number,
): Promise<{ message: CollaboratorMessage; receipts: CollaboratorReceipt[] | null }> {
  const userId = scope.actor.user.id;
  const message = await findMessage(ctx.db, scope, userId, id);
  const isSender = message?.sender?.id === userId;
  const isAdmin = scope.role === "company_admin";
  if (!message || !(isSender || isAdmin || message.read !== null)) throw notFound();
  return { message, receipts: isSender || isAdmin ? await listReceipts(ctx.db, scope, id) : null };
}

/** The caller read a message they received: their receipt is stored once and its sender hears of it
 * live. A message that did not reach the caller answers 404. */
export async function readMessage(ctx: AppContext, scope: CompanyScope, id: number): Promise<number> {
  const userId = scope.actor.user.id;
  const message = await findMessage(ctx.db, scope, userId, id);
  if (!message || message.read === null) throw notFound();
  if ((await markRead(ctx.db, scope, userId, id)) && message.sender) await tell(ctx.bus, scope.companyId, message.sender.id, { messageId: id, change: "read" });
  return countUnread(ctx.db, scope, userId);
}

/** How many received messages the caller has not read (the menu's badge). */
export function unreadCount(ctx: AppContext, scope: CompanyScope): Promise<number> {
  return countUnread(ctx.db, scope, scope.actor.user.id);
}
