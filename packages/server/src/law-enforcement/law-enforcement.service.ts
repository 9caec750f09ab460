import type { Readable } from "node:stream";
import {
  isLawEnforcementEmail,
  LAW_ENFORCEMENT_FILE_KINDS,
  LAW_ENFORCEMENT_LINK_TTL_HOURS,
  lawEnforcementRequestBodySchema,
  type Language,
  type LawEnforcementRequest,
} from "@atalaya/shared";
import type { z } from "zod";
import { issueCode, peekCode, spendCode } from "../auth/one-time-codes.js";
import type { AppContext } from "../context.js";
import { checkUpload, fileStoreOf, FILE_NAME_PATTERN, openFile, removeFile, saveUpload, type RawUpload, type StoredFile } from "../files/index.js";
import { invalidField, notFound } from "../http/errors.js";
import { queueMail } from "../mail/index.js";
import { findRequestFile, insertRequest, insertRequestFiles } from "./law-enforcement.repository.js";

/** Mails a single-use link to the form (128 bits, 24 h) to an e-mail of a government or security entity
 * (LAW_ENFORCEMENT_DOMAINS); any other domain is 400 domainNotAllowed. */
export async function requestAccess(ctx: AppContext, email: string, lang: Language): Promise<void> {
  if (!isLawEnforcementEmail(email, ctx.config.lawEnforcementDomains)) throw invalidField("email", "domainNotAllowed");
  await ctx.db.transaction(async (tx) => {
    const token = await issueCode(tx, { purpose: "law_enforcement", email, ttlMs: LAW_ENFORCEMENT_LINK_TTL_HOURS * 3_600_000 });
    await queueMail(tx, ctx.config, {
      to: email,
      template: "lawEnforcementLink",
      lang,
      vars: { link: `${ctx.config.publicUrl}/v3/law-enforcement/form?token=${token}`, hours: LAW_ENFORCEMENT_LINK_TTL_HOURS },
    });
  });
  ctx.jobs.kick();
}

/** The e-mail a valid link was sent to (the form shows it). */
export async function linkEmail(ctx: AppContext, token: string): Promise<string> {
  const row = await peekCode(ctx.db, "law_enforcement", token);
  if (!row) throw invalidField("token", "codeInvalid");
  return row.email;
}

/** Stores the form's request with a reference number and its uploaded files (PDF, JPEG or PNG by
 * content, else 400 invalidFileType), spending the link, and mails the confirmation. The files are kept
 * only when the request is: a spent or unknown link, or any failure, leaves none behind. */
export async function submitRequest(
  ctx: AppContext,
  body: z.output<typeof lawEnforcementRequestBodySchema>,
  lang: Language,
  uploads: readonly RawUpload[] = [],
): Promise<LawEnforcementRequest> {
  const checked = [];
  for (const upload of uploads) checked.push(await checkUpload(upload, LAW_ENFORCEMENT_FILE_KINDS));
  // A link that is not valid (unknown, spent, expired) stores nothing; spending it below settles a race.
  if (checked.length && !(await peekCode(ctx.db, "law_enforcement", body.token))) throw invalidField("token", "codeInvalid");
  const store = fileStoreOf(ctx.config);
  const stored: StoredFile[] = [];
  try {
    for (const upload of checked) stored.push(await saveUpload(store, upload));
    const request = await ctx.db.transaction(async (tx) => {
      const link = await spendCode(tx, "law_enforcement", body.token);
      if (!link) throw invalidField("token", "codeInvalid");
      const created = await insertRequest(tx, { ...body, email: link.email });
      await insertRequestFiles(tx, created.id, stored);
      await queueMail(tx, ctx.config, { to: link.email, template: "lawEnforcementConfirmation", lang, vars: { reference: created.reference } });
      return created;
    });
    ctx.jobs.kick();
    return request;
  } catch (err) {
    for (const file of stored) await removeFile(store, file.name).catch(() => undefined);
    throw err;
  }
}

/** A request's file opened for download; 404 when the request has no such file or it is not on disk. */
export async function openRequestFile(
  ctx: AppContext,
  requestId: number,
  name: string,
): Promise<{ stream: Readable; size: number; mime: string; originalName: string | null }> {
  if (!FILE_NAME_PATTERN.test(name)) throw notFound();
  const file = await findRequestFile(ctx.db, requestId, name);
  if (!file) throw notFound();
  const opened = await openFile(fileStoreOf(ctx.config), name);
  if (!opened) throw notFound();
  return { ...opened, mime: file.mime, originalName: file.original_name };
}
