import { createRequire } from "node:module";
import type PDFDocumentClass from "pdfkit";
import {
  DEFAULT_TIMEZONE,
  DEFAULT_TYPE_COLOR,
  THEME_PRIMARY,
  ZONE_STROKE,
  ZONE_STROKE_WEIGHT,
  formatPhone,
  localizedName,
  reportTypeById,
  type Language,
  type Report,
} from "@atalaya/shared";
import { hasText, t as text, type TextKeysUnder } from "../http/texts.js";

// Loaded on first use: pdfkit (with its fonts' code) is among the slowest modules to load, and every start paid it.
const loadPdfKit = (): Promise<typeof PDFDocumentClass> => import("pdfkit").then((m) => m.default);

/** A zone drawn on the map panel: its outer ring as [longitude, latitude] positions. */
export interface PdfZone {
  id: number;
  name: string;
  ring: [number, number][];
  fillColor: string;
  strokeColor: string;
}

/** Everything the PDF of a report shows, already read and authorised. */
export interface ReportPdfData {
  companyName: string;
  timezone: string;
  report: Report;
  zones: PdfZone[];
  comments: { author: string; body: string; createdAt: Date; isOperator: boolean }[];
  notes: { author: string; body: string; createdAt: Date; fileName: string | null }[];
  activity: { action: string; actor: string | null; data: Record<string, unknown>; createdAt: Date }[];
  generatedBy: string;
  generatedAt: Date;
}

// The PDF's words are the `exports` catalogue's pdf.* texts (locales/<lang>/exports.json, read by
// http/texts.ts). A status or priority without a text in the Spanish catalogue is a compile error.
type PdfLabel = TextKeysUnder<"exports", "pdf.labels">;
const label = (lang: Language, key: PdfLabel) => text(lang, `exports:pdf.labels.${key}`);
const statusText = (lang: Language, status: Report["displayStatus"]) => text(lang, `exports:pdf.status.${status}`);
const priorityText = (lang: Language, priority: Report["priority"]) => text(lang, `exports:pdf.priority.${priority}`);

const LOCALES: Record<Language, string> = { es: "es-CL", en: "en-GB", fr: "fr-FR" };

const STATUS_COLORS: Record<Report["displayStatus"], string> = {
  pending: "#fa8c16",
  in_progress: "#1677ff",
  in_observation: "#722ed1",
  solved: "#389e0d",
  false: "#8c8c8c",
  in_deleting_progress: "#cf1322",
};
const PRIORITY_COLORS: Record<Report["priority"], string> = {
  lowest: "#8c8c8c",
  low: "#13a8a8",
  normal: "#1677ff",
  high: "#fa8c16",
  highest: "#cf1322",
};

const INK = "#1f1f1f";
const MUTED = "#6b6b6b";
const RULE = "#e3e3e3";
const PANEL = "#f4f6f9";

// DejaVu Sans (embedded, only the glyphs used): Latin, Greek, Cyrillic, arrows and most symbols, where
// the standard PDF fonts (WinAnsi) replaced anything beyond Latin-1.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const FONTS = {
  regular: fontFile("DejaVuSans.ttf"),
  bold: fontFile("DejaVuSans-Bold.ttf"),
  italic: fontFile("DejaVuSans-Oblique.ttf"),
};

/** The text as the embedded font draws it: emoji, joiners and variation selectors (no glyph in a text
 * font, they would show as empty boxes) are dropped; line ends and tabs normalised. */
export function pdfText(text: string): string {
  return text
    .replace(/[\u202f\u2007\u2009]/g, " ")
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .replace(/[\u200b-\u200f]|\p{Variation_Selector}|\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u{1F1E6}-\u{1F1FF}]/gu, "");
}

/** The text cut with an ellipsis so it fits one line of width in the current font. */
function oneLine(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

// A company's stored zone name Intl does not know must not break the export.
function knownTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** Renders the report as an A4 PDF: header, details beside a drawn map of the zones and the point,
 * description, comments, notes and the activity log, with page numbers. */
export async function renderReportPdf(data: ReportPdfData, lang: Language, options: { compress?: boolean } = {}): Promise<Buffer> {
  const L = (key: PdfLabel) => label(lang, key);
  const { report } = data;
  const dateFormat = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: knownTimeZone(data.timezone), dateStyle: "medium", timeStyle: "short" });
  const when = (d: Date | string | null) => (d ? dateFormat.format(new Date(d)) : "—");
  const type = reportTypeById(report.type);
  const typeName = type ? localizedName(type.nameLocalized, lang) : `#${report.type}`;
  const typeColor = type?.color ?? DEFAULT_TYPE_COLOR;

  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 48, bottom: 56, left: 48, right: 48 },
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: pdfText(`${L("report")} #${report.id} - ${typeName}`),
      Author: pdfText(data.companyName),
      Subject: pdfText(report.description.slice(0, 200)),
      Creator: "Atalaya",
    },
  });
  doc.registerFont("Regular", FONTS.regular);
  doc.registerFont("Bold", FONTS.bold);
  doc.registerFont("Italic", FONTS.italic);
  doc.font("Regular");
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const t = (s: string) => pdfText(s);

  // Header band.
  doc.rect(0, 0, doc.page.width, 92).fill(THEME_PRIMARY);
  // The organisation's name in full: smaller, then on two lines, when it is long.
  const nameWidth = width - 210;
  doc.fillColor("#ffffff").font("Bold").fontSize(18);
  if (doc.widthOfString(t(data.companyName)) > nameWidth) doc.fontSize(13);
  const twoLines = doc.widthOfString(t(data.companyName)) > nameWidth;
  doc.text(t(data.companyName), left, twoLines ? 14 : 26, { width: nameWidth, height: 36, lineGap: -1 });
  doc.font("Regular").fontSize(10).text(t(`${L("report")} #${report.id}`), left, 52, { width: width - 150 });
  doc.fontSize(8).text(t(report.uuid), left, 66, { width: width - 150 });
  doc.fontSize(8).text(t(text(lang, "exports:pdf.labels.generated", { date: when(data.generatedAt), name: data.generatedBy })), left + width - 200, 34, {
    width: 200,
    align: "right",
  });

  // Title with status and priority badges.
  doc.y = 112;
  doc.fillColor(typeColor).rect(left, doc.y + 2, 4, 20).fill();
  doc.fillColor(INK).font("Bold").fontSize(16).text(t(typeName), left + 12, doc.y, { width: width - 12 });
  let bx = left + 12;
  const badge = (text: string, color: string) => {
    doc.font("Bold").fontSize(8);
    const w = doc.widthOfString(t(text)) + 14;
    doc.roundedRect(bx, doc.y + 4, w, 16, 8).fill(color);
    doc.fillColor("#ffffff").text(t(text), bx, doc.y + 8.5, { width: w, align: "center", lineBreak: false });
    bx += w + 6;
  };
  const badgeY = doc.y;
  badge(statusText(lang, report.displayStatus), STATUS_COLORS[report.displayStatus]);
  doc.y = badgeY;
  badge(`${L("priority")}: ${priorityText(lang, report.priority)}`, PRIORITY_COLORS[report.priority]);
  if (report.isPrivate) {
    doc.y = badgeY;
    badge(L("privacy"), "#434343");
  }
  doc.y = badgeY + 30;

  // Details (left) and map (right).
  const top = doc.y;
  const mapSize = 200;
  const detailsWidth = width - mapSize - 20;
  const person = (p: { name: string } | null) => p?.name || "—";
  const informer =
    report.informerType === "anonymous" || report.isAnonymous
      ? L("anonymous")
      : report.user
        ? `${report.user.firstName} ${report.user.lastName}`.trim()
        : report.contact
          ? [[report.contact.firstName, report.contact.lastName].filter(Boolean).join(" "), report.contact.phone && formatPhone(report.contact.phone)].filter(Boolean).join(" · ")
          : L("operator");
  const zoneNames = report.zones.map((id) => data.zones.find((z) => z.id === id)?.name).filter(Boolean).join(", ");
  const rows: [string, string][] = [
    [L("id"), String(report.id)],
    [L("type"), typeName],
    [L("status"), statusText(lang, report.displayStatus)],
    [L("priority"), priorityText(lang, report.priority)],
    [L("created"), when(report.createdAt)],
    [L("updated"), when(report.updatedAt)],
    [L("due"), when(report.dueDate)],
    ...(report.closedAt ? ([[L("closed"), when(report.closedAt)], [L("closedBy"), person(report.operatorWhoClosedReport)]] as [string, string][]) : []),
    [L("assigned"), person(report.assignedUser)],
    ...(report.assignedTeam ? ([[L("team"), report.assignedTeam.name]] as [string, string][]) : []),
    ...(report.assignedPatrol ? ([[L("patrol"), report.assignedPatrol.name]] as [string, string][]) : []),
    [L("informer"), informer],
    // Present only for a company in SPEC §6's "showing user emails" gate (report.presenter.ts).
    ...(report.user?.email && informer !== L("anonymous") ? ([[L("email"), report.user.email]] as [string, string][]) : []),
    [L("address"), report.address || L("noAddress")],
    [L("coordinates"), `${report.latitude.toFixed(6)}, ${report.longitude.toFixed(6)}`],
    [L("zones"), zoneNames || L("outsideZones")],
    ...(report.tags.length ? ([[L("tags"), report.tags.map((tag) => tag.name).join(", ")]] as [string, string][]) : []),
    [L("privacy"), report.isPrivate ? L("yes") : L("no")],
    [L("neighbours"), report.notifyNeighbours ? (report.notificationNeighboursWasCanceled ? L("canceled") : L("yes")) : L("no")],
  ];
  doc.font("Bold").fontSize(10).fillColor(INK).text(t(L("details")), left, top);
  let y = doc.y + 4;
  const labelWidth = 92;
  for (const [label, value] of rows) {
    doc.font("Regular").fontSize(8.5);
    const h = Math.max(doc.heightOfString(t(value), { width: detailsWidth - labelWidth }), 10) + 5;
    doc.strokeColor(RULE).lineWidth(0.5).moveTo(left, y + h - 1).lineTo(left + detailsWidth, y + h - 1).stroke();
    doc.fillColor(MUTED).text(t(label), left, y + 1, { width: labelWidth - 6 });
    doc.fillColor(INK).text(t(value), left + labelWidth, y + 1, { width: detailsWidth - labelWidth });
    y += h;
  }
  const mapX = left + width - mapSize;
  doc.font("Bold").fontSize(10).fillColor(INK).text(t(L("location")), mapX, top, { width: mapSize });
  drawMap(doc, data.zones, report, typeColor, mapX, top + 18, mapSize);
  doc.font("Regular").fontSize(7.5).fillColor(MUTED).text(t(`${report.latitude.toFixed(5)}, ${report.longitude.toFixed(5)}`), mapX, top + 22 + mapSize, {
    width: mapSize,
    align: "center",
  });
  doc.x = left;
  doc.y = Math.max(y, top + mapSize + 40) + 12;

  const heading = (text: string) => {
    ensureSpace(50);
    doc.x = left;
    doc.font("Bold").fontSize(11).fillColor(INK).text(t(text), left, doc.y, { width });
    const ly = doc.y + 2;
    doc.strokeColor(THEME_PRIMARY).lineWidth(1).moveTo(left, ly).lineTo(left + 40, ly).stroke();
    doc.y = ly + 6;
  };
  const paragraph = (text: string) => {
    doc.font("Regular").fontSize(9.5).fillColor(INK).text(t(text), left, doc.y, { width, lineGap: 2 });
    doc.moveDown(0.8);
  };
  const none = () => {
    doc.font("Italic").fontSize(9).fillColor(MUTED).text(t(L("none")), left, doc.y, { width });
    doc.moveDown(0.8);
  };
  const entry = (meta: string, body: string, accent: string) => {
    doc.font("Regular").fontSize(9.5);
    const h = doc.heightOfString(t(body), { width: width - 12, lineGap: 1.5 }) + 16;
    ensureSpace(Math.min(h, 80));
    const y0 = doc.y;
    doc.font("Bold").fontSize(8).fillColor(MUTED).text(t(meta), left + 12, y0, { width: width - 12 });
    doc.font("Regular").fontSize(9.5).fillColor(INK).text(t(body), left + 12, doc.y + 1, { width: width - 12, lineGap: 1.5 });
    // The accent bar spans the entry on its own page only (long entries may flow onto the next).
    if (doc.y > y0) doc.rect(left, y0, 2.5, doc.y - y0).fill(accent);
    doc.y += 8;
  };

  heading(L("description"));
  if (report.description.trim()) paragraph(report.description);
  else none();
  if (report.observations) {
    heading(L("observations"));
    paragraph(report.observations);
  }

  heading(`${L("comments")} (${data.comments.length})`);
  if (!data.comments.length) none();
  for (const c of data.comments)
    entry(`${c.author || L("anonymous")} · ${c.isOperator ? L("operator") : L("community")} · ${when(c.createdAt)}`, c.body, c.isOperator ? THEME_PRIMARY : "#bfbfbf");

  heading(`${L("notes")} (${data.notes.length})`);
  if (!data.notes.length) none();
  for (const n of data.notes)
    entry(`${n.author} · ${when(n.createdAt)}`, n.fileName ? `${n.body}\n${L("attachment")}: ${n.fileName}` : n.body, "#faad14");

  heading(L("activity"));
  if (!data.activity.length) none();
  else activityTable(doc, data.activity, lang, when, left, width, ensureSpace);

  // Footer on every page; the bottom margin is lifted so the footer does not open a new page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const fy = doc.page.height - 34;
    doc.strokeColor(RULE).lineWidth(0.5).moveTo(left, fy - 6).lineTo(left + width, fy - 6).stroke();
    doc.font("Regular").fontSize(7.5).fillColor(MUTED);
    doc.text(oneLine(doc, t(`${data.companyName} · ${L("report")} #${report.id}`), width * 0.7), left, fy, { lineBreak: false });
    doc.text(t(text(lang, "exports:pdf.labels.page", { n: i + 1, total: range.count })), left + width * 0.7, fy, {
      width: width * 0.3,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}

/** A short detail for an activity entry (what changed), or "". */
function activityDetail(a: { action: string; data: Record<string, unknown> }, lang: Language): string {
  const d = a.data;
  switch (a.action) {
    case "closed":
      if (d.kind === "repeated") return `${label(lang, "repeatedOf")} #${String(d.repeatedOf ?? "")}`;
      return statusText(lang, d.kind === "false" ? "false" : "solved");
    case "addressChanged":
      return typeof d.address === "string" ? d.address : "";
    case "neighboursNotified":
      return typeof d.neighbours === "number" ? String(d.neighbours) : "";
    case "updated":
      return Object.entries(d).map(([k, v]) => updatedField(k, v, lang)).join(", ");
    default:
      return "";
  }
}

function updatedField(key: string, value: unknown, lang: Language): string {
  const L = (key: PdfLabel) => label(lang, key);
  if (key === "status" && typeof value === "string" && hasText(`exports:pdf.status.${value}`)) return `${L("status")}: ${statusText(lang, value as Report["displayStatus"])}`;
  if (key === "priority" && typeof value === "string" && hasText(`exports:pdf.priority.${value}`)) return `${L("priority")}: ${priorityText(lang, value as Report["priority"])}`;
  if (key === "type" && typeof value === "number") {
    const type = reportTypeById(value);
    return `${L("type")}: ${type ? localizedName(type.nameLocalized, lang) : value}`;
  }
  if (key === "observations") return L("observations");
  if (key === "tagIds") return L("tags");
  return key;
}

function activityTable(
  doc: PDFKit.PDFDocument,
  activity: ReportPdfData["activity"],
  lang: Language,
  when: (d: Date) => string,
  left: number,
  width: number,
  ensureSpace: (h: number) => void,
): void {
  const L = (key: PdfLabel) => label(lang, key);
  const cols = [118, 130, width - 248];
  const header = () => {
    const y = doc.y;
    doc.rect(left, y, width, 16).fill(PANEL);
    doc.font("Bold").fontSize(8).fillColor(MUTED);
    [L("when"), L("who"), L("what")].forEach((label, i) =>
      doc.text(pdfText(label), left + 6 + cols.slice(0, i).reduce((s, c) => s + c, 0), y + 4.5, { width: cols[i]! - 10, lineBreak: false }),
    );
    doc.y = y + 18;
  };
  ensureSpace(40);
  header();
  for (const a of activity) {
    const actionKey = `exports:pdf.actions.${a.action}`;
    const action = hasText(actionKey) ? text(lang, actionKey) : a.action;
    const detail = activityDetail(a, lang);
    const what = pdfText(detail ? `${action}: ${detail}` : action);
    doc.font("Regular").fontSize(8.5);
    const h = Math.max(doc.heightOfString(what, { width: cols[2]! - 10 }), 10) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      header();
      doc.font("Regular").fontSize(8.5);
    }
    const y = doc.y;
    doc.fillColor(MUTED).text(pdfText(when(a.createdAt)), left + 6, y + 3, { width: cols[0]! - 10 });
    doc.fillColor(INK).text(pdfText(a.actor ?? L("system")), left + 6 + cols[0]!, y + 3, { width: cols[1]! - 10 });
    doc.text(what, left + 6 + cols[0]! + cols[1]!, y + 3, { width: cols[2]! - 10 });
    doc.strokeColor(RULE).lineWidth(0.5).moveTo(left, y + h).lineTo(left + width, y + h).stroke();
    doc.y = y + h + 1;
  }
  doc.x = left;
}

const NICE_METRES = [20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000];

/** Draws the zones and the report's point into a size×size box: an equirectangular projection scaled
 * to the zones around the report (all zones when it is in none), with a scale bar and north mark. */
function drawMap(doc: PDFKit.PDFDocument, zones: PdfZone[], report: Report, color: string, x: number, y: number, size: number): void {
  const point: [number, number] = [report.longitude, report.latitude];
  const focus = zones.filter((z) => report.zones.includes(z.id));
  const framed = (focus.length ? focus : zones).flatMap((z) => z.ring);
  // Zones far from the point (another city) would shrink it to a dot: frame them only when near.
  const near = framed.filter(([lng, lat]) => Math.abs(lng - point[0]) < 1 && Math.abs(lat - point[1]) < 1);
  const lngs = [point[0], ...near.map((p) => p[0])];
  const lats = [point[1], ...near.map((p) => p[1])];
  const k = Math.cos((point[1] * Math.PI) / 180);
  // At least ~1 km across, and 12 % padding on every side.
  const minSpan = 0.01;
  const span = Math.max((Math.max(...lngs) - Math.min(...lngs)) * k, Math.max(...lats) - Math.min(...lats), minSpan) * 1.24;
  const originX = ((Math.min(...lngs) + Math.max(...lngs)) / 2) * k - span / 2;
  const originY = (Math.min(...lats) + Math.max(...lats)) / 2 + span / 2;
  const scale = size / span; // points per degree of latitude
  const project = ([lng, lat]: [number, number]): [number, number] => [x + (lng * k - originX) * scale, y + (originY - lat) * scale];

  doc.save();
  doc.rect(x, y, size, size).fill(PANEL);
  doc.rect(x, y, size, size).clip();
  doc.strokeColor("#e2e6ec").lineWidth(0.5);
  for (let i = 1; i < 4; i++) {
    doc.moveTo(x + (size * i) / 4, y).lineTo(x + (size * i) / 4, y + size).stroke();
    doc.moveTo(x, y + (size * i) / 4).lineTo(x + size, y + (size * i) / 4).stroke();
  }
  for (const zone of zones) {
    if (zone.ring.length < 3) continue;
    const projected = zone.ring.map(project);
    doc.polygon(...projected);
    doc.fillColor(zone.fillColor || ZONE_STROKE).fillOpacity(0.16).strokeColor(zone.strokeColor || ZONE_STROKE).strokeOpacity(0.9).lineWidth(ZONE_STROKE_WEIGHT * 0.6);
    doc.fillAndStroke();
    doc.fillOpacity(1).strokeOpacity(1);
  }
  const [px, py] = project(point);
  doc.circle(px, py, 13).fillOpacity(0.22).fill(color);
  doc.fillOpacity(1);
  doc.circle(px, py, 5.5).lineWidth(1.5).fillAndStroke(color, "#ffffff");
  doc.restore();

  // Frame, north mark and scale bar.
  doc.rect(x, y, size, size).lineWidth(0.75).stroke("#c9ced6");
  doc.save();
  doc.polygon([x + size - 14, y + 8], [x + size - 18, y + 20], [x + size - 14, y + 17], [x + size - 10, y + 20]).fill(INK);
  doc.restore();
  doc.font("Bold").fontSize(6.5).fillColor(INK).text("N", x + size - 20, y + 22, { width: 12, align: "center", lineBreak: false });
  const metresPerPoint = 111_320 / scale;
  const metres = [...NICE_METRES].reverse().find((m) => m / metresPerPoint <= size / 3) ?? NICE_METRES[0]!;
  const bar = metres / metresPerPoint;
  const sy = y + size - 12;
  doc.rect(x + 8, sy - 3, bar + 8, 13).fillOpacity(0.8).fill("#ffffff");
  doc.fillOpacity(1);
  doc.strokeColor(INK).lineWidth(1).moveTo(x + 12, sy).lineTo(x + 12 + bar, sy).stroke();
  doc.moveTo(x + 12, sy - 2).lineTo(x + 12, sy + 2).stroke();
  doc.moveTo(x + 12 + bar, sy - 2).lineTo(x + 12 + bar, sy + 2).stroke();
  doc.font("Regular").fontSize(6).fillColor(INK).text(metres >= 1000 ? `${metres / 1000} km` : `${metres} m`, x + 12, sy + 2.5, { width: bar + 20, lineBreak: false });
}
