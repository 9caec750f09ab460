import { AUDIO_MEDIA_KINDS, COMMENT_ATTACHMENT_KINDS, DEFAULT_MAX_UPLOAD_MB, type MediaKind } from "@atalaya/shared";

/** How a file is shown: images as thumbnails, audio and video with players, anything else as a link. */
export type MediaDisplay = "image" | "audio" | "video" | "file";

const EXTENSION_ALIASES: Record<string, MediaKind> = { jpg: "jpeg", jpe: "jpeg", aif: "aiff" };

/** The SPEC §5 kind a file name stands for, by its extension; null when unknown. */
export function kindOfName(name: string): MediaKind | null {
  const match = /\.([a-z0-9]+)$/i.exec(name.trim());
  if (!match?.[1]) return null;
  const extension = match[1].toLowerCase();
  return EXTENSION_ALIASES[extension] ?? (extension as MediaKind);
}

/** How to show a stored file, from its MIME type (and name when the type is generic). */
export function mediaDisplay(file: { mime: string; name: string }): MediaDisplay {
  const mime = file.mime.toLowerCase();
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("video/")) return "video";
  const kind = kindOfName(file.name);
  if (kind === "jpeg" || kind === "png") return "image";
  if (kind && (AUDIO_MEDIA_KINDS as readonly string[]).includes(kind)) return "audio";
  if (kind === "mp4") return "video";
  return "file";
}

/** `accept` attribute of the comment attachment picker: pdf, txt and audio (SPEC §5). */
export const COMMENT_ACCEPT = [
  ...COMMENT_ATTACHMENT_KINDS.map((kind) => `.${kind}`),
  ".aif",
  "application/pdf",
  "text/plain",
  "audio/*",
].join(",");

/** Why a picked file cannot be attached to a comment, or null when it can (the server checks content again). */
export function commentAttachmentProblem(
  file: { name: string; type: string; size: number },
  maxMb: number = DEFAULT_MAX_UPLOAD_MB,
): "invalidType" | "tooLarge" | null {
  const kind = kindOfName(file.name);
  const allowedByName = kind !== null && (COMMENT_ATTACHMENT_KINDS as readonly string[]).includes(kind);
  const mime = file.type.toLowerCase();
  const allowedByMime = mime === "application/pdf" || mime === "text/plain" || mime.startsWith("audio/");
  if (!allowedByName && !(kind === null && allowedByMime)) return "invalidType";
  if (file.size > maxMb * 1024 * 1024) return "tooLarge";
  return null;
}

const UNITS = ["Bytes", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/** A size in Bytes…YB with at most 2 decimals (SPEC §9). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  return `${Number(value.toFixed(2))} ${UNITS[exponent]}`;
}
