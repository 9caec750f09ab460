import { createRequire } from "node:module";
import type PDFDocumentClass from "pdfkit";
import QRCode from "qrcode";

// Loaded on first use: pdfkit (with its fonts' code) is among the slowest modules to load, and every start paid it.
const loadPdfKit = (): Promise<typeof PDFDocumentClass> => import("pdfkit").then((m) => m.default);

// QR codes of assets and safe tags: PNG and SVG files to download, and printable A4 sheets of many
// codes drawn as vector squares (sharp at any printer resolution, a few hundred bytes each).

// Medium error correction: a label a little scratched or dirty still scans, and the code stays small.
const LEVEL = "M" as const;

/** The QR code of a link as a PNG image (a white margin of 2 modules, `width` pixels wide). */
export function qrPng(link: string, width = 512): Promise<Buffer> {
  return QRCode.toBuffer(link, { type: "png", errorCorrectionLevel: LEVEL, margin: 2, width });
}

/** The QR code of a link as an SVG document. */
export function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: "svg", errorCorrectionLevel: LEVEL, margin: 2 });
}

/** One label of a sheet: its QR link, a title in bold and up to two lines of text under it. */
export interface QrLabel {
  link: string;
  title: string;
  text: string;
  /** A short line printed small at the bottom (e.g. the code to type by hand). */
  caption?: string;
}

// The same embedded DejaVu Sans as the report PDF (exports/report-pdf.ts): any Latin, Greek or
// Cyrillic text prints as written.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const FONTS = { regular: fontFile("DejaVuSans.ttf"), bold: fontFile("DejaVuSans-Bold.ttf") };

/** The text as the embedded font draws it: emoji and joiners (no glyph) dropped, line ends flattened. */
const pdfText = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, " ")
    .replace(/[\u200b-\u200f]|\p{Variation_Selector}|\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u{1F1E6}-\u{1F1FF}]/gu, "");

const COLUMNS = 3;
const ROWS = 4;

/** Draws a QR code's dark modules as squares, `size` points wide with a quiet zone of 2 modules. */
function drawQr(doc: PDFKit.PDFDocument, link: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: LEVEL });
  const cell = size / (modules.size + 4);
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (modules.get(r, c)) doc.rect(x + (c + 2) * cell, y + (r + 2) * cell, cell, cell);
    }
  }
  doc.fillColor("#000000").fill();
}

/** A printable A4 sheet of labels, 3 × 4 a page, each a QR code with its title and text, cut marks
 * between them; `heading` tops every page. */
export async function renderQrSheet(labels: readonly QrLabel[], heading: string): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: "A4", margins: { top: 36, bottom: 36, left: 36, right: 36 }, info: { Title: pdfText(heading), Creator: "Atalaya" } });
  doc.registerFont("Regular", FONTS.regular);
  doc.registerFont("Bold", FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const top = doc.page.margins.top + 24;
  const cellW = (doc.page.width - left - doc.page.margins.right) / COLUMNS;
  const cellH = (doc.page.height - top - doc.page.margins.bottom) / ROWS;
  const qrSize = Math.min(cellW, cellH) - 70;
  const perPage = COLUMNS * ROWS;
  const pages = Math.max(1, Math.ceil(labels.length / perPage));

  for (let p = 0; p < pages; p++) {
    if (p > 0) doc.addPage();
    doc.font("Bold").fontSize(11).fillColor("#1f2937").text(pdfText(heading), left, doc.page.margins.top, { width: cellW * COLUMNS - 60, lineBreak: false, ellipsis: true });
    doc.font("Regular").fontSize(8).fillColor("#6b7280").text(`${p + 1} / ${pages}`, left + cellW * COLUMNS - 60, doc.page.margins.top + 2, { width: 60, align: "right" });
    labels.slice(p * perPage, (p + 1) * perPage).forEach((label, i) => {
      const x = left + (i % COLUMNS) * cellW;
      const y = top + Math.floor(i / COLUMNS) * cellH;
      // Dashed cut lines around each label.
      doc.save().lineWidth(0.4).dash(3, { space: 3 }).strokeColor("#c0c4cc").rect(x, y, cellW, cellH).stroke().restore();
      drawQr(doc, label.link, x + (cellW - qrSize) / 2, y + 6, qrSize);
      const textX = x + 8;
      const textW = cellW - 16;
      let textY = y + qrSize + 10;
      doc.font("Bold").fontSize(9).fillColor("#111827").text(pdfText(label.title), textX, textY, { width: textW, align: "center", lineBreak: false, ellipsis: true });
      textY += 13;
      doc.font("Regular").fontSize(7.5).fillColor("#374151").text(pdfText(label.text), textX, textY, { width: textW, align: "center", height: 20, ellipsis: true });
      if (label.caption) {
        doc.font("Regular").fontSize(6.5).fillColor("#6b7280").text(pdfText(label.caption), textX, y + cellH - 14, { width: textW, align: "center", lineBreak: false, ellipsis: true });
      }
    });
  }
  doc.end();
  return done;
}
