import type { Writable } from "node:stream";
import type ExcelJSModule from "exceljs";
import { EXPORT_DEFAULT_WINDOW_MS, type Language, type ReportExportFilter } from "@atalaya/shared";
import { invalidField } from "../http/errors.js";
import { hasText, t, type TextKeysUnder } from "../http/texts.js";
import type { SheetRow, SheetWindow } from "./report-sheet.repository.js";

// Loaded on first use: exceljs takes longer to load than the rest of the server, and every start paid it.
const loadExcel = (): Promise<typeof ExcelJSModule> => import("exceljs").then((m) => m.default);

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

// Building an Intl.DateTimeFormat costs about 100 µs, reading one about 15: one per zone, kept.
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Milliseconds to add to UTC to get the wall-clock time of `timeZone` at that instant. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - Math.floor(instant / 1000) * 1000;
}

/** The spreadsheet's file name, `reportes-YYYYMMDD-HHmm.xlsx`, with the date and time `now` has on the
 * company's clock (an export written at 00:59 in Santiago is named 0059, not 0359 of UTC). */
export function sheetFileName(timeZone: string, now = new Date()): string {
  const wall = new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone));
  return `reportes-${wall.toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-")}.xlsx`;
}

/** zoneOffsetMs for many instants of one zone (a spreadsheet's dates): an offset changes only on a
 * quarter hour of UTC (every zone's offsets and changes fall on them), so it is read once per quarter. */
export function zoneOffsets(timeZone: string): (instant: number) => number {
  const byQuarter = new Map<number, number>();
  return (instant) => {
    const quarter = Math.floor(instant / QUARTER_HOUR_MS);
    let offset = byQuarter.get(quarter);
    if (offset === undefined) {
      if (byQuarter.size > 100_000) byQuarter.clear();
      offset = zoneOffsetMs(quarter * QUARTER_HOUR_MS, timeZone);
      byQuarter.set(quarter, offset);
    }
    return offset;
  };
}

/** A `timezone` parameter as a function from an instant to its offset: a fixed offset (`-03:00`,
 * `-0300`, minutes `-180`) or an IANA zone; undefined when it names no zone. */
function offsetOf(timezone: string): ((instant: number) => number) | undefined {
  const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec(timezone);
  if (timezone === "Z") return () => 0;
  if (fixed) {
    const ms = (Number(fixed[2]) * 60 + Number(fixed[3])) * 60_000 * (fixed[1] === "-" ? -1 : 1);
    return () => ms;
  }
  if (/^[+-]?\d{1,3}$/.test(timezone)) return () => Number(timezone) * 60_000;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return (instant) => zoneOffsetMs(instant, timezone);
  } catch {
    return undefined;
  }
}

/** The instant of a DD/MM/YYYY date and HH:mm:ss time read in a zone. */
function instantOf(date: string, time: string, offset: (instant: number) => number, field: string): Date {
  const [d, m, y] = date.split("/").map(Number) as [number, number, number];
  const [h, mi, s] = time.split(":").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi, s);
  if (new Date(wall).getUTCDate() !== d) throw invalidField(field, "invalid");
  // Two steps settle the offset across a daylight-saving change.
  const guess = wall - offset(wall);
  return new Date(wall - offset(guess));
}

/** The export filter as a window: dates and times read in the filter's timezone (else the company's),
 * the last day when no date is given; 400 with the field for a date that does not exist or an end
 * before the start. */
export function exportWindow(filter: ReportExportFilter, companyTimeZone: string, now = new Date()): SheetWindow {
  const offset = offsetOf(filter.timezone ?? companyTimeZone);
  if (!offset) throw invalidField("timezone", "invalid");
  const to = filter.end_date ? instantOf(filter.end_date, filter.end_time ?? "23:59:59", offset, "end_date") : now;
  const from = filter.start_date
    ? instantOf(filter.start_date, filter.start_time ?? "00:00:00", offset, "start_date")
    : new Date(to.getTime() - EXPORT_DEFAULT_WINDOW_MS);
  if (from > to) throw invalidField("end_date", "beforeStart");
  const ids = [filter.typeSelected, filter.types].filter(Boolean).join(",");
  const typeIds = [...new Set(ids.split(",").filter(Boolean).map(Number))];
  return { from, to, typeIds };
}

// The sheet's words are the `exports` catalogue's sheet.* texts (locales/<lang>/exports.json, read by
// http/texts.ts): the headers, and the words of a status, priority or deletion (looked up once per export).

/** The sheet's word for a stored value (a status, a priority, who deleted), undefined for a value without one. */
function sheetWords(lang: Language): (value: string) => string | undefined {
  const words = new Map<string, string | undefined>();
  return (value) => {
    if (!words.has(value)) {
      const key = `exports:sheet.words.${value}`;
      words.set(value, hasText(key) ? t(lang, key) : undefined);
    }
    return words.get(value);
  };
}

const DATE_FORMAT = "dd/mm/yyyy hh:mm:ss";
const ROWS_PER_TURN = 100;

/** A stream's buffered bytes and mark; also of a stream of readable-stream 2 (archiver's entries), which
 * has neither writableLength nor writableNeedDrain, from the state it keeps. */
function buffered(stream: Writable): { length: number; mark: number } | undefined {
  const state = (stream as { _writableState?: { length?: unknown; highWaterMark?: unknown } })._writableState;
  const length = stream.writableLength ?? state?.length;
  const mark = stream.writableHighWaterMark ?? state?.highWaterMark;
  return typeof length === "number" && typeof mark === "number" ? { length, mark } : undefined;
}

/** Until `stream` has taken what it was given beyond its mark (its 'drain'), or has closed. */
async function drained(stream: Writable): Promise<void> {
  const b = buffered(stream);
  if (!b || b.length <= b.mark || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });
}

/** The zip's entry stream of a sheet's XML. exceljs's sheet stream hands it every 64 KB buffer without
 * waiting (utils/stream-buf.js ignores what write() answers), so XML the zip had not compressed yet
 * piled up there, 12 MB and more of a 100,000-row export (issue 37). Read from exceljs's internals,
 * hence the guard: undefined if they change, and only the output is then waited for. */
export function sheetZipEntry(sheet: unknown): Writable | undefined {
  const pipe = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as Writable | undefined;
  return typeof pipe?.once === "function" && buffered(pipe) ? pipe : undefined;
}

/** Between two pages: other requests get their turn, and a reader slower than the writer (the zip's
 * compressor, a slow download, the disk) is waited for, so what is written and not yet taken does not
 * pile up in memory. Throws when the output has gone (the download was cancelled): no point reading
 * further pages. */
async function caughtUp(out: Writable, zipEntry: Writable | undefined): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (out.destroyed) throw new Error("the spreadsheet's output closed before it was written");
  if (zipEntry) await drained(zipEntry);
  await drained(out);
}

/** Streams reports into an XLSX workbook: one sheet, a header row in `lang`, dates as the company's
 * wall-clock time. `rows` yields pages; `onPage` hears the rows written so far. Answers the row count. */
export async function writeReportSheet(
  out: Writable,
  rows: AsyncIterable<SheetRow[]>,
  opts: { lang: Language; timeZone: string; reporterEmails?: boolean; onPage?: (written: number) => Promise<void> },
): Promise<number> {
  const word = sheetWords(opts.lang);
  const h = (key: TextKeysUnder<"exports", "sheet.headers">) => t(opts.lang, `exports:sheet.headers.${key}`);
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t(opts.lang, "exports:sheet.words.sheet"));
  const date = { numFmt: DATE_FORMAT };
  sheet.columns = [
    { header: h("id"), key: "id", width: 9 },
    { header: h("uuid"), key: "uuid", width: 38 },
    { header: h("createdAt"), key: "createdAt", width: 20, style: date },
    { header: h("type"), key: "type", width: 26 },
    { header: h("status"), key: "status", width: 16 },
    { header: h("priority"), key: "priority", width: 12 },
    { header: h("title"), key: "title", width: 24 },
    { header: h("description"), key: "description", width: 50 },
    { header: h("address"), key: "address", width: 36 },
    { header: h("latitude"), key: "latitude", width: 12 },
    { header: h("longitude"), key: "longitude", width: 12 },
    { header: h("zones"), key: "zones", width: 24 },
    { header: h("assignee"), key: "assignee", width: 22 },
    { header: h("closer"), key: "closer", width: 22 },
    { header: h("closedAt"), key: "closedAt", width: 20, style: date },
    { header: h("deleted"), key: "deleted", width: 18 },
    { header: h("likes"), key: "likes", width: 10 },
    { header: h("comments"), key: "comments", width: 12 },
    { header: h("tags"), key: "tags", width: 24 },
    ...(opts.reporterEmails ? [{ header: h("reporterEmail"), key: "reporterEmail", width: 30 }] : []),
  ];
  sheet.getRow(1).font = { bold: true };
  // An XLSX date has no zone: it is written as the company's wall-clock time.
  const offset = zoneOffsets(opts.timeZone);
  const local = (d: Date | null) => (d ? new Date(d.getTime() + offset(d.getTime())) : null);
  let written = 0;
  for await (const page of rows) {
    for (const [i, r] of page.entries()) {
      // Writing a row takes the event loop ~0.1 ms: other requests get their turn every ROWS_PER_TURN.
      if (i > 0 && i % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      sheet.addRow({
        id: r.id,
        uuid: r.uuid,
        createdAt: local(r.created_at),
        type: r.type_names?.[opts.lang] ?? r.type_names?.es ?? String(r.type_id),
        status: word(r.closing_kind === "repeated" ? "repeated" : r.status),
        priority: word(r.priority) ?? r.priority,
        title: r.title ?? "",
        description: r.description,
        address: r.address ?? "",
        latitude: r.latitude,
        longitude: r.longitude,
        zones: r.zone_names.join(", "),
        assignee: r.assignee ?? "",
        closer: r.closer ?? "",
        closedAt: local(r.closed_at),
        deleted: r.deleted_at ? word(r.deleted_by || "yes") : "",
        likes: r.likes_count,
        comments: r.comments_count,
        tags: r.tags.join(", "),
        reporterEmail: r.reporter_email ?? "",
      }).commit();
    }
    written += page.length;
    await opts.onPage?.(written);
    await caughtUp(out, sheetZipEntry(sheet));
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
