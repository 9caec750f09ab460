import { PassThrough } from "node:stream";
import type ExcelJSModule from "exceljs";
import type { Language, Safetag, SafetagBatch } from "@atalaya/shared";
import { renderQrSheet } from "../assets/index.js";
import { t, type TextKeysUnder } from "../http/texts.js";

// Loaded on first use: exceljs takes longer to load than the rest of the server, and every start paid it.
const loadExcel = (): Promise<typeof ExcelJSModule> => import("exceljs").then((m) => m.default);

// A batch's files: the XLSX list of its codes for the office, and the PDF of its QR labels for the printer.

// The files' words are the `exports` catalogue's safetags.* texts (locales/<lang>/exports.json, read by
// http/texts.ts).

/** The list's columns, in order, with their widths. */
const COLUMNS = [
  ["createdAt", 20],
  ["code", 20],
  ["name", 24],
  ["state", 14],
  ["user", 26],
  ["linkedAt", 20],
  ["contact", 32],
  ["link", 50],
] as const satisfies readonly (readonly [TextKeysUnder<"exports", "safetags.headers">, number])[];

/** The link a tag's QR code holds: the finder's page on this portal. */
export const safetagLink = (publicUrl: string, code: string) => `${publicUrl}/t/${code}`;

/** The batch's codes as an XLSX workbook (one row a code, dates as dates). */
export async function batchWorkbook(batch: SafetagBatch, tags: readonly Safetag[], lang: Language, publicUrl: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on("end", resolve);
    out.on("error", reject);
  });
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // A sheet name holds at most 31 characters and none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(batch.name.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Safe tags");
  sheet.columns = COLUMNS.map(([key, width]) => ({ header: t(lang, `exports:safetags.headers.${key}`), width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const tag of tags) {
    const contact = tag.contact ? [tag.contact.email, tag.contact.phone].filter(Boolean).join(" · ") : "";
    const row = sheet.addRow([new Date(tag.createdAt), tag.code, tag.name ?? "", t(lang, `exports:safetags.states.${tag.state}`), tag.user?.name ?? "", tag.linkedAt ? new Date(tag.linkedAt) : null, contact, safetagLink(publicUrl, tag.code)]);
    row.getCell(1).numFmt = "yyyy-mm-dd hh:mm";
    row.getCell(6).numFmt = "yyyy-mm-dd hh:mm";
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** The batch's printable A4 sheet of QR labels (disabled codes left out: they must not be handed out). */
export function batchSheet(batch: SafetagBatch, tags: readonly Safetag[], lang: Language, publicUrl: string): Promise<Buffer> {
  const heading = t(lang, "exports:safetags.heading");
  const labels = tags
    .filter((tag) => tag.state !== "disabled")
    .map((tag) => ({ link: safetagLink(publicUrl, tag.code), title: heading, text: batch.name, caption: tag.code }));
  return renderQrSheet(labels, `${heading} · ${batch.name}`);
}
