import type { Readable } from "node:stream";
import {
  MAX_DRAWING_AREA,
  MEDIA_KINDS,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  messageActionAllowed,
  normalizeZonePolygon,
  zoneShapeProblem,
  type Message,
  type MessageAnyAction,
  type MessageZone,
  type MessageZonesResponse,
  type ZonePolygon,
} from "@atalaya/shared";
import type { z } from "zod";
import type { messageBodySchema, messageZoneBodySchema } from "@atalaya/shared";
import { requireProviderAdmin, type Actor, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/db.js";
import { checkUpload, fileStoreOf, openFile, removeFile, saveUpload, type RawUpload } from "../files/index.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { notify } from "../notifications/index.js";
import { enqueueMessageDelivery, publishMessageCounts } from "./delivery.js";
import {
  attachmentShared,
  defaultZonePolygons,
  deleteMessage,
  deleteMessageZone,
  findAnyMessage,
  findMessage,
  findMessageZone,
  insertMessage,
  insertMessageZone,
  listMessageZones,
  listMessages,
  listPendingMessages,
  messageZoneNameTaken,
  presentMessage,
  presentZone,
  setAttachment,
  setMessageState,
  updateMessage,
  updateMessageZone,
  type MessageFields,
  type MessageRow,
} from "./message.repository.js";
import { sanitizeMessageBody } from "./sanitize.js";

type MessageInput = z.output<typeof messageBodySchema>;
type ZoneInput = z.output<typeof messageZoneBodySchema>;

const refused = () => new AppError(409, "messageInvalidState", "messageState");

/** 409 messageInvalidState unless the action is allowed from the message's state (SPEC §4). */
function requireAllowed(action: MessageAnyAction, row: MessageRow): void {
  if (!messageActionAllowed(action, row.state)) throw refused();
}

async function fieldsOf(tx: Tx, scope: CompanyScope, body: MessageInput): Promise<MessageFields> {
  if (body.zoneId !== null && !(await findMessageZone(tx, scope, body.zoneId))) throw invalidField("zoneId", "unknownZone");
  return { title: body.title, body: sanitizeMessageBody(body.body), ad: body.ad, scheduleAt: body.scheduleDate, zoneId: body.zoneId };
}

async function loaded(ctx: AppContext, scope: CompanyScope, id: number): Promise<Message> {
  const row = await findMessage(ctx.db, scope, id);
  if (!row) throw notFound();
  return presentMessage(row);
}

/** A page of the company's messages (SPEC §9: 10 a page from page 1). */
export async function companyMessages(
  ctx: AppContext,
  scope: CompanyScope,
  query: { state?: number | undefined; q?: string | undefined; page: number; pageSize: number },
): Promise<{ messages: Message[]; total: number }> {
  const { rows, total } = await listMessages(ctx.db, scope, query);
  return { messages: rows.map(presentMessage), total };
}

/** One message of the company (show: any state). */
export function showMessage(ctx: AppContext, scope: CompanyScope, id: number): Promise<Message> {
  return loaded(ctx, scope, id);
}

/** Creates a draft; the body is sanitised to the safe subset. */
export async function createMessage(ctx: AppContext, scope: CompanyScope, body: MessageInput): Promise<Message> {
  const id = await ctx.db.transaction(async (tx) => insertMessage(tx, scope, await fieldsOf(tx, scope, body), scope.actor.user.id));
  return loaded(ctx, scope, id);
}

/** Edits a draft or a rejected message (which becomes a draft again); other states are 409. */
export async function editMessage(ctx: AppContext, scope: CompanyScope, id: number, body: MessageInput): Promise<Message> {
  await ctx.db.transaction(async (tx) => {
    const row = await findMessage(tx, scope, id, true);
    if (!row) throw notFound();
    requireAllowed("edit", row);
    await updateMessage(tx, scope, id, await fieldsOf(tx, scope, body));
  });
  return loaded(ctx, scope, id);
}

/** Removes a stored attachment file unless another message (a duplicate) still names it. */
async function dropFile(ctx: AppContext, tx: Tx, name: string | null, messageId: number): Promise<() => Promise<void>> {
  if (!name || (await attachmentShared(tx, name, messageId))) return async () => undefined;
  return () => removeFile(fileStoreOf(ctx.config), name).catch(() => undefined);
}

/** A company action on a message (SPEC §4), in one transaction holding the message's row lock: allowed
 * from its states only (else 409 messageInvalidState, nothing changed). Approve and reject are the
 * provider's (403 providerOnly for anyone else). Answers the message after it (for delete and discard,
 * as it was; for duplicate, the new draft). */
export async function messageAction(ctx: AppContext, scope: CompanyScope, id: number, action: MessageAnyAction, reason?: string): Promise<Message> {
  if (action === "approve" || action === "reject") {
    requireProviderAdmin(scope.actor);
    return decideMessage(ctx, scope.actor, id, action, reason, scope);
  }
  let after: () => Promise<void> = async () => undefined;
  let answerId = id;
  let gone: Message | undefined;
  await ctx.db.transaction(async (tx) => {
    const row = await findMessage(tx, scope, id, true);
    if (!row) throw notFound();
    requireAllowed(action, row);
    switch (action) {
      case "duplicate":
        answerId = await insertMessage(
          tx,
          scope,
          { title: row.title, body: row.body, ad: row.ad, scheduleAt: null, zoneId: row.zone_id },
          scope.actor.user.id,
          row,
        );
        return;
      case "archive":
        return setMessageState(tx, id, 4, { archivedFrom: row.state });
      case "unarchive":
        return setMessageState(tx, id, row.archived_from ?? 3, { archivedFrom: null });
      case "cancel":
        // Withdrawn from approval, or an approved message stopped before its date: a draft again; its
        // queued delivery finds it no longer scheduled and does nothing.
        return setMessageState(tx, id, 1, { deliveryJobId: null });
      case "delete":
      case "discard":
        gone = presentMessage(row);
        after = await dropFile(ctx, tx, row.attachment_name, id);
        return deleteMessage(tx, scope, id);
      case "send":
        return setMessageState(tx, id, 5, { wantsSchedule: false, scheduleAt: null, rejectReason: null });
      case "schedule":
        if (!row.schedule_at || row.schedule_at.getTime() <= Date.now()) throw invalidField("scheduleDate", "scheduleInFuture");
        return setMessageState(tx, id, 5, { wantsSchedule: true, rejectReason: null });
      default:
        throw refused();
    }
  });
  await after();
  if (gone) return gone;
  await publishMessageCounts(ctx, answerId);
  return loaded(ctx, scope, answerId);
}

/** The provider's decision on a pending message (any company): approve sends it at once, or at its date
 * when it was scheduled for a time still ahead (state 2, the job runs then); reject keeps the reason for
 * the company. The author hears of it in their notification centre. */
export async function decideMessage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  decision: "approve" | "reject",
  reason: string | undefined,
  scope?: CompanyScope,
): Promise<Message> {
  requireProviderAdmin(actor);
  if (decision === "reject" && !reason) throw invalidField("reason", "reasonRequired");
  const row = await ctx.db.transaction(async (tx) => {
    const row = scope ? await findMessage(tx, scope, id, true) : await findAnyMessage(tx, id, true);
    if (!row) throw notFound();
    requireAllowed(decision, row);
    if (decision === "reject") {
      await setMessageState(tx, id, 6, { rejectReason: reason ?? null, decidedBy: actor.user.id });
      return row;
    }
    const later = row.wants_schedule && row.schedule_at && row.schedule_at.getTime() > Date.now() ? row.schedule_at : undefined;
    const jobId = await enqueueMessageDelivery(tx, row.company_id, id, later);
    await setMessageState(tx, id, later ? 2 : 3, { decidedBy: actor.user.id, sent: !later, deliveryJobId: jobId, rejectReason: null });
    return row;
  });
  ctx.jobs.kick();
  if (row.author_id !== null) {
    await notify(ctx, [
      {
        userId: row.author_id,
        companyId: row.company_id,
        actorUserId: actor.user.id,
        kind: decision === "approve" ? "messageApproved" : "messageRejected",
        data: { messageId: id, messageTitle: row.title, reason: decision === "reject" ? (reason ?? null) : null },
      },
    ]);
  }
  await publishMessageCounts(ctx, id);
  const after = await findAnyMessage(ctx.db, id);
  return presentMessage(after!);
}

/** The provider's queue: pending messages across companies. */
export async function pendingMessages(ctx: AppContext, actor: Actor): Promise<Message[]> {
  requireProviderAdmin(actor);
  return (await listPendingMessages(ctx.db)).map(presentMessage);
}

/** 404 for a message the company does not have, 409 for one its state keeps from changing. */
export async function requireEditable(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  const row = await findMessage(ctx.db, scope, id);
  if (!row) throw notFound();
  requireAllowed("edit", row);
}

/** Attaches one file (≤ 3 MB, a SPEC §5 media type by content) to an editable message, replacing any. */
export async function attachFile(ctx: AppContext, scope: CompanyScope, id: number, upload: RawUpload | null): Promise<Message> {
  if (!upload) throw invalidField("file", "fileRequired");
  if (upload.size > MESSAGE_ATTACHMENT_MAX_BYTES) throw new AppError(400, "fileTooLarge", "fileTooLarge", undefined, undefined, { max: 3 });
  const checked = await checkUpload(upload, MEDIA_KINDS);
  const store = fileStoreOf(ctx.config);
  const stored = await saveUpload(store, checked);
  let after: () => Promise<void> = async () => undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await findMessage(tx, scope, id, true);
      if (!row) throw notFound();
      requireAllowed("edit", row);
      after = await dropFile(ctx, tx, row.attachment_name, id);
      await setAttachment(tx, scope, id, { name: stored.name, originalName: stored.originalName, mime: stored.mime, size: stored.size });
    });
  } catch (err) {
    await removeFile(store, stored.name).catch(() => undefined);
    throw err;
  }
  await after();
  return loaded(ctx, scope, id);
}

/** Removes an editable message's attachment. */
export async function detachFile(ctx: AppContext, scope: CompanyScope, id: number): Promise<Message> {
  let after: () => Promise<void> = async () => undefined;
  await ctx.db.transaction(async (tx) => {
    const row = await findMessage(tx, scope, id, true);
    if (!row) throw notFound();
    requireAllowed("edit", row);
    after = await dropFile(ctx, tx, row.attachment_name, id);
    await setAttachment(tx, scope, id, null);
  });
  await after();
  return loaded(ctx, scope, id);
}

/** A message's attachment opened for download. */
export async function openAttachment(ctx: AppContext, row: MessageRow | undefined): Promise<{ stream: Readable; size: number; mime: string; originalName: string | null }> {
  if (!row?.attachment_name) throw notFound();
  const opened = await openFile(fileStoreOf(ctx.config), row.attachment_name);
  if (!opened) throw notFound();
  return { ...opened, mime: row.attachment_mime ?? "application/octet-stream", originalName: row.attachment_original_name };
}

/** The company's attachment of one of its messages. */
export async function companyAttachment(ctx: AppContext, scope: CompanyScope, id: number) {
  return openAttachment(ctx, await findMessage(ctx.db, scope, id));
}

// Custom zones.

/** The default zone (the company's drawn zones, shown read-only) and the custom zones. */
export async function messageZones(ctx: AppContext, scope: CompanyScope): Promise<Omit<MessageZonesResponse, "success">> {
  const [defaultZone, zones] = await Promise.all([defaultZonePolygons(ctx.db, scope), listMessageZones(ctx.db, scope)]);
  return { defaultZone, zones: zones.map(presentZone) };
}

async function zoneFields(ctx: AppContext, scope: CompanyScope, body: ZoneInput, exceptId?: number) {
  const polygon: ZonePolygon = normalizeZonePolygon(body.polygon);
  const problem = zoneShapeProblem(polygon);
  if (problem) throw new AppError(400, problem, problem, [{ field: "polygon", code: problem }], undefined, { max: MAX_DRAWING_AREA });
  if (await messageZoneNameTaken(ctx.db, scope, body.name, exceptId)) throw new AppError(409, "conflict", "messageZoneNameTaken", [{ field: "name", code: "taken" }]);
  return { name: body.name, polygon, fillColor: body.fillColor, fillOpacity: body.fillOpacity, lineColor: body.lineColor, lineWeight: body.lineWeight };
}

const nameRace = (err: unknown): never => {
  if ((err as { code?: string }).code === "23505") throw new AppError(409, "conflict", "messageZoneNameTaken", [{ field: "name", code: "taken" }]);
  throw err;
};

/** Draws a custom zone: the zones' shape rules (400 with the problem), name unique (409 messageZoneNameTaken). */
export async function createMessageZone(ctx: AppContext, scope: CompanyScope, body: ZoneInput): Promise<MessageZone> {
  const fields = await zoneFields(ctx, scope, body);
  const id = await ctx.db.transaction((tx) => insertMessageZone(tx, scope, fields)).catch(nameRace);
  return presentZone((await findMessageZone(ctx.db, scope, id))!);
}

/** Replaces a custom zone (messages already sent keep who got them). */
export async function editMessageZone(ctx: AppContext, scope: CompanyScope, id: number, body: ZoneInput): Promise<MessageZone> {
  const fields = await zoneFields(ctx, scope, body, id);
  const ok = await ctx.db.transaction((tx) => updateMessageZone(tx, scope, id, fields)).catch(nameRace);
  if (!ok) throw notFound();
  return presentZone((await findMessageZone(ctx.db, scope, id))!);
}

/** Deletes a custom zone no message uses (409 messageZoneInUse otherwise). */
export async function removeMessageZone(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await findMessageZone(tx, scope, id))) throw notFound();
    if (!(await deleteMessageZone(tx, scope, id))) throw new AppError(409, "conflict", "messageZoneInUse");
  });
}

