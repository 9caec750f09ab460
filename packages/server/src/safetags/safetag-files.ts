import { PassThrough } from "node:stream";
import type ExcelJSModule from "exceljs";
import type { Language, Safetag, SafetagBatch } from "@atalaya/shared";
import { renderQrSheet } from "../assets/index.js";

// Loaded on first use: exceljs takes longer to load than the rest of the server, and every start paid it.
const loadExcel = (): Promise<typeof ExcelJSModule> => import("exceljs").then((m) => m.default);

// A batch's files: the XLSX list of its codes for the office, and the PDF of its QR labels for the printer.

const HEADERS: Record<Language, string[]> = {
  es: ["Fecha de creación", "Código", "Nombre", "Estado", "Usuario vinculado", "Fecha de vinculación", "Contacto", "Enlace"],
  en: ["Creation date", "Code", "Name", "State", "Linked user", "Linked date", "Contact", "Link"],
  fr: ["Date de création", "Code", "Nom", "État", "Utilisateur lié", "Date de liaison", "Contact", "Lien"],
};
const STATES: Record<Language, Record<Safetag["state"], string>> = {
  es: { unlinked: "Sin vincular", linked: "Vinculada", disabled: "Deshabilitada" },
  en: { unlinked: "Unlinked", linked: "Linked", disabled: "Disabled" },
  fr: { unlinked: "Non liée", linked: "Liée", disabled: "Désactivée" },
};

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
  sheet.columns = HEADERS[lang].map((header, i) => ({ header, width: [20, 20, 24, 14, 26, 20, 32, 50][i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const t of tags) {
    const contact = t.contact ? [t.contact.email, t.contact.phone].filter(Boolean).join(" · ") : "";
    const row = sheet.addRow([new Date(t.createdAt), t.code, t.name ?? "", STATES[lang][t.state], t.user?.name ?? "", t.linkedAt ? new Date(t.linkedAt) : null, contact, safetagLink(publicUrl, t.code)]);
    row.getCell(1).numFmt = "yyyy-mm-dd hh:mm";
    row.getCell(6).numFmt = "yyyy-mm-dd hh:mm";
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

const HEADING: Record<Language, string> = { es: "Etiquetas seguras", en: "Safe tags", fr: "Étiquettes sûres" };

/** The batch's printable A4 sheet of QR labels (disabled codes left out: they must not be handed out). */
export function batchSheet(batch: SafetagBatch, tags: readonly Safetag[], lang: Language, publicUrl: string): Promise<Buffer> {
  const labels = tags
    .filter((t) => t.state !== "disabled")
    .map((t) => ({ link: safetagLink(publicUrl, t.code), title: HEADING[lang], text: batch.name, caption: t.code }));
  return renderQrSheet(labels, `${HEADING[lang]} · ${batch.name}`);
}
