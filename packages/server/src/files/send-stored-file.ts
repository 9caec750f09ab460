import type { FastifyReply } from "fastify";
import { FILE_CSP } from "../http/csp.js";
import type { OpenedFile } from "./store.js";

/** A stored file opened for sending: its stream and size, its checked type and the sender's file name. */
export interface SentFile extends OpenedFile {
  mime: string;
  originalName: string | null;
}

/**
 * Sends a stored file as a document of its own: its type and length, the name to save it under (and the
 * sender's original name, which browsers prefer when they can), no type sniffing, and FILE_CSP, so that
 * opened directly it is a sandboxed document that loads and runs nothing. `inline` shows it in the
 * browser; `cacheControl` says how long a browser may keep it.
 */
export function sendStoredFile(reply: FastifyReply, file: SentFile, { name, inline = false, cacheControl }: { name: string; inline?: boolean; cacheControl: string }) {
  const original = file.originalName ? `; filename*=UTF-8''${encodeURIComponent(file.originalName)}` : "";
  return reply
    .header("content-type", file.mime)
    .header("content-length", file.size)
    .header("content-disposition", `${inline ? "inline" : "attachment"}; filename="${name}"${original}`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", FILE_CSP)
    .header("cache-control", cacheControl)
    .send(file.stream);
}
