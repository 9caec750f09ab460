import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { actorOrNull } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { FILE_CSP } from "../http/csp.js";
import { at } from "../http/route.js";
import { readStoredFile, type ReportVisibleInApp } from "./file.service.js";

export type { ReportVisibleInApp };

// Shown in the browser: the passive types uploads are checked to be (SPEC §5), listed one by one so
// a type that can script (HTML, SVG, XML…) is always downloaded, even if one were ever stored. Uploaded
// PDFs are downloaded too: a PDF viewer runs the document's scripts and forms, and opened inline it would
// do so from the portal's origin (the portal's own PDFs, such as report exports, are another route).
const INLINE = /^(image\/(jpeg|png)|video\/mp4|audio\/(ogg|mp4|mpeg|flac|aiff|wav)|text\/plain)(;|$)/;

/** Whether a stored file's type is shown in the browser rather than downloaded. */
export const servedInline = (mime: string): boolean => INLINE.test(mime.toLowerCase());

/** GET /api/files/{name}: a stored upload, to whoever may see what it is attached to. */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext, visibleInApp: ReportVisibleInApp): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...at(routes.getFilesByName),
    handler: async (req, reply) => {
      const file = await readStoredFile(ctx, actorOrNull(req), req.params.name, visibleInApp);
      const disposition = servedInline(file.mime) ? "inline" : "attachment";
      const original = file.originalName ? `; filename*=UTF-8''${encodeURIComponent(file.originalName)}` : "";
      return reply
        .header("content-type", file.mime)
        .header("content-length", file.size)
        .header("content-disposition", `${disposition}; filename="${req.params.name}"${original}`)
        .header("x-content-type-options", "nosniff")
        // Opened directly, a file is a sandboxed document that loads and runs nothing.
        .header("content-security-policy", FILE_CSP)
        .header("cache-control", "private, max-age=300")
        .send(file.stream);
    },
  });
}
