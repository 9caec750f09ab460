import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { actorOrNull } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { readStoredFile, type ReportVisibleInApp } from "./file.service.js";
import { sendStoredFile } from "./send-stored-file.js";

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
      return sendStoredFile(reply, file, { name: req.params.name, inline: servedInline(file.mime), cacheControl: "private, max-age=300" });
    },
  });
}
