import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import type { MediaKind } from "@atalaya/shared";

/** What a file is, found from its bytes: the SPEC §5 kind, the MIME type it is served with and its extension. */
export interface DetectedType {
  kind: MediaKind;
  mime: string;
  ext: string;
}

const TYPES: Record<MediaKind, { mime: string; ext: string }> = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  mp4: { mime: "video/mp4", ext: "mp4" },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ext: "xlsx" },
  xls: { mime: "application/vnd.ms-excel", ext: "xls" },
  csv: { mime: "text/csv; charset=utf-8", ext: "csv" },
  pdf: { mime: "application/pdf", ext: "pdf" },
  ppt: { mime: "application/vnd.ms-powerpoint", ext: "ppt" },
  pptx: { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", ext: "pptx" },
  doc: { mime: "application/msword", ext: "doc" },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx" },
  odt: { mime: "application/vnd.oasis.opendocument.text", ext: "odt" },
  ods: { mime: "application/vnd.oasis.opendocument.spreadsheet", ext: "ods" },
  odp: { mime: "application/vnd.oasis.opendocument.presentation", ext: "odp" },
  txt: { mime: "text/plain; charset=utf-8", ext: "txt" },
  ogg: { mime: "audio/ogg", ext: "ogg" },
  m4a: { mime: "audio/mp4", ext: "m4a" },
  mp3: { mime: "audio/mpeg", ext: "mp3" },
  flac: { mime: "audio/flac", ext: "flac" },
  aiff: { mime: "audio/aiff", ext: "aiff" },
  wav: { mime: "audio/wav", ext: "wav" },
  zip: { mime: "application/zip", ext: "zip" },
  rar: { mime: "application/vnd.rar", ext: "rar" },
};

/** The MIME type and extension of a kind, for files the server makes itself (exports). */
export const typeOfKind = (kind: MediaKind): { mime: string; ext: string } => TYPES[kind];

// file-type's extension → SPEC kind. Anything else it recognises (gif, exe, svg, docm…) is refused.
const FROM_FILE_TYPE: Record<string, MediaKind> = {
  jpg: "jpeg", png: "png", mp4: "mp4", xlsx: "xlsx", pdf: "pdf", pptx: "pptx", docx: "docx", odt: "odt", ods: "ods",
  odp: "odp", ogg: "ogg", oga: "ogg", opus: "ogg", m4a: "m4a", mp3: "mp3", flac: "flac", aif: "aiff", wav: "wav",
  zip: "zip", rar: "rar",
};

const kindOf = (kind: MediaKind): DetectedType => ({ kind, ...TYPES[kind] });

/** The stream names of an OLE compound file (legacy Office formats share the container; the streams
 * inside tell Word from Excel from PowerPoint). Directory entries are 128 bytes, sector-aligned. */
function compoundStreamNames(buf: Buffer): Set<string> {
  const names = new Set<string>();
  for (let off = 512; off + 128 <= buf.length; off += 128) {
    const nameBytes = buf.readUInt16LE(off + 0x40);
    const objectType = buf[off + 0x42];
    if (nameBytes < 4 || nameBytes > 64 || nameBytes % 2 || (objectType !== 1 && objectType !== 2)) continue;
    if (buf.readUInt16LE(off + nameBytes - 2) !== 0) continue;
    const name = buf.toString("utf16le", off, off + nameBytes - 2);
    if (/^[\x20-\x7e]+$/.test(name)) names.add(name);
  }
  return names;
}

function legacyOffice(buf: Buffer): MediaKind | undefined {
  const streams = compoundStreamNames(buf);
  if (streams.has("WordDocument")) return "doc";
  if (streams.has("Workbook") || streams.has("Book")) return "xls";
  if (streams.has("PowerPoint Document")) return "ppt";
  return undefined;
}

/** Plain text: UTF-8 (or a single-byte encoding such as Windows-1252, common in spreadsheets' CSV
 * exports) without the control bytes binary files are full of. */
function isText(buf: Buffer): boolean {
  if (buf.length === 0) return false;
  for (const byte of buf) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/** The SPEC §5 type of a file judged by its content; the name only tells csv from txt, which have no
 * signature. Undefined when the content is none of the accepted types. */
export async function detectMediaType(buf: Buffer, filename: string): Promise<DetectedType | undefined> {
  const found = await fileTypeFromBuffer(buf);
  if (found?.ext === "cfb") {
    const legacy = legacyOffice(buf);
    return legacy ? kindOf(legacy) : undefined;
  }
  const kind = found ? FROM_FILE_TYPE[found.ext] : undefined;
  if (kind) return kindOf(kind);
  // Text formats file-type names (xml, ics, vcf…) are still text; binary ones it names are refused.
  if (!isText(buf)) return undefined;
  const text = kindOf(/\.csv$/i.test(filename) ? "csv" : "txt");
  return utf8(buf) ? text : { ...text, mime: text.mime.replace("utf-8", "windows-1252") };
}

function utf8(buf: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}


/** detectMediaType for a file on disk, reading it in chunks instead of holding it in memory: file-type
 * reads only the parts it needs, text is checked chunk by chunk. Legacy Office containers (rare, and their
 * directory may lie anywhere in the file) are the one case read whole. */
export async function detectMediaTypeOfFile(path: string, filename: string): Promise<DetectedType | undefined> {
  const found = await fileTypeFromFile(path);
  if (found?.ext === "cfb") return detectMediaType(await readFile(path), filename);
  const kind = found ? FROM_FILE_TYPE[found.ext] : undefined;
  if (kind) return kindOf(kind);
  let empty = true;
  let isUtf8 = true;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    if (chunk.length) empty = false;
    if (!isText(chunk)) return undefined;
    if (isUtf8) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        isUtf8 = false;
      }
    }
  }
  if (empty) return undefined;
  if (isUtf8) {
    try {
      decoder.decode();
    } catch {
      isUtf8 = false;
    }
  }
  const text = kindOf(/\.csv$/i.test(filename) ? "csv" : "txt");
  return isUtf8 ? text : { ...text, mime: text.mime.replace("utf-8", "windows-1252") };
}
