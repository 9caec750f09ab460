import type { FinderMessageBody, Language, Safetag, SafetagBatch, SafetagBatchBody, SafetagMessage, SafetagState } from "@atalaya/shared";
import { requireAccess, type Actor, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { batchSheet, batchWorkbook } from "./safetag-files.js";
import {
  disableCompanyTag,
  findBatch,
  findTag,
  insertBatch,
  insertFinderMessage,
  linkTag,
  listBatches,
  listBatchTags,
  ownerMessages,
  ownTags,
  tagByCode,
  unlinkCompanyTag,
  unlinkOwnTag,
} from "./safetag.repository.js";

const disabled = () => new AppError(409, "conflict", "safetagDisabled");
const notLinked = () => new AppError(409, "conflict", "safetagNotLinked");

/** The company's batches (every member reads them). */
export async function companyBatches(ctx: AppContext, scope: CompanyScope): Promise<SafetagBatch[]> {
  return listBatches(ctx.db, scope);
}

/** Creates a batch of unique codes (company admins). */
export async function createBatch(ctx: AppContext, scope: CompanyScope, body: SafetagBatchBody): Promise<SafetagBatch> {
  const id = await ctx.db.transaction((tx) => insertBatch(tx, scope, body.name, body.size, scope.actor.user.id));
  return (await findBatch(ctx.db, scope, id))!;
}

/** A batch of the company with its codes; 404 for another company's. */
export async function batchTags(ctx: AppContext, scope: CompanyScope, batchId: number, state?: SafetagState): Promise<{ batch: SafetagBatch; safetags: Safetag[] }> {
  requireAccess(scope, "company.read");
  const batch = await findBatch(ctx.db, scope, batchId);
  if (!batch) throw notFound();
  return { batch, safetags: await listBatchTags(ctx.db, scope, batchId, state) };
}

/** A batch exported as XLSX or as a printable PDF of QR labels (company admins: the contacts are in it). */
export async function exportBatch(ctx: AppContext, scope: CompanyScope, batchId: number, format: "xlsx" | "pdf", lang: Language): Promise<{ filename: string; body: Buffer }> {
  const { batch, safetags } = await batchTags(ctx, scope, batchId);
  const body = format === "xlsx" ? await batchWorkbook(batch, safetags, lang, ctx.config.publicUrl) : await batchSheet(batch, safetags, lang, ctx.config.publicUrl);
  return { filename: `safetags-${batch.id}.${format}`, body };
}

/** Unlinks a tag from its owner (company admins): 409 safetagDisabled or safetagNotLinked when it is not linked. */
export async function unlinkTag(ctx: AppContext, scope: CompanyScope, id: number): Promise<Safetag> {
  if (!(await unlinkCompanyTag(ctx.db, scope, id))) {
    const tag = await findTag(ctx.db, scope, id);
    if (!tag) throw notFound();
    throw tag.state === "disabled" ? disabled() : notLinked();
  }
  return (await findTag(ctx.db, scope, id))!;
}

/** Disables a tag for good (company admins): it can never be linked again; 409 safetagDisabled if it already is. */
export async function disableTag(ctx: AppContext, scope: CompanyScope, id: number): Promise<Safetag> {
  if (!(await disableCompanyTag(ctx.db, scope, id))) {
    if (!(await findTag(ctx.db, scope, id))) throw notFound();
    throw disabled();
  }
  return (await findTag(ctx.db, scope, id))!;
}

// ── Reporter app ──

/** Links a tag to the signed-in app user: 404 unknown code, 409 safetagDisabled (final), 409 safetagLinked (someone else's). */
export async function linkOwnTag(ctx: AppContext, actor: Actor, code: string, name: string | undefined) {
  if (!(await linkTag(ctx.db, code, actor.user.id, name || null))) {
    const tag = await tagByCode(ctx.db, code);
    if (!tag) throw notFound();
    throw tag.state === "disabled" ? disabled() : new AppError(409, "conflict", "safetagLinked");
  }
  return (await ownTags(ctx.db, actor.user.id)).find((t) => t.code === code)!;
}

/** The owner unlinks their tag; 404 when it is not theirs (another's link is not revealed). */
export async function unlinkMine(ctx: AppContext, actor: Actor, code: string) {
  if (!(await unlinkOwnTag(ctx.db, code, actor.user.id))) throw notFound();
  const tag = (await tagByCode(ctx.db, code))!;
  return { code: tag.code, name: tag.name, state: tag.state, linkedAt: null };
}

/** The tags linked to the signed-in user. */
export const myTags = (ctx: AppContext, actor: Actor) => ownTags(ctx.db, actor.user.id);

/** The finders' messages to the signed-in user. */
export const myMessages = (ctx: AppContext, actor: Actor): Promise<SafetagMessage[]> => ownerMessages(ctx.db, actor.user.id);

// ── The finder's page ──

/** What a finder sees of a tag: its name and whether it takes messages; never who owns it. */
export async function publicTag(ctx: AppContext, code: string) {
  const tag = await tagByCode(ctx.db, code);
  if (!tag) throw notFound();
  return { code: tag.code, name: tag.state === "linked" ? tag.name : null, state: tag.state, companyName: tag.company_name };
}

/** Relays a finder's message (and optional location) to the tag's owner: 404 unknown code, 409 when the
 * tag is disabled or not linked. The finder learns only that it was delivered. */
export async function sendFinderMessage(ctx: AppContext, code: string, body: FinderMessageBody): Promise<void> {
  if (await insertFinderMessage(ctx.db, code, body.message, body.latitude ?? null, body.longitude ?? null)) return;
  const tag = await tagByCode(ctx.db, code);
  if (!tag) throw notFound();
  throw tag.state === "disabled" ? disabled() : notLinked();
}
