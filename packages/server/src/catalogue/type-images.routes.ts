import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { notFound } from "../http/errors.js";
import { at } from "../http/route.js";
import { typeImage } from "./type-images.js";

// Public and kept a week by browsers and proxies (a new drawing reaches them within it; the ETag makes a
// revalidation a 304).
const IMAGE_CACHE = "public, max-age=604800, stale-while-revalidate=86400";

/** True when an If-None-Match header names this ETag (weak or strong, alone or in a list). */
function matches(header: string | undefined, etag: string): boolean {
  return header !== undefined && (header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag));
}

/** The report type images (SPEC §3 badges and pins; §7 "a static address, file named by id"): anyone may
 * read them, no session, cached. */
export async function typeImageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Its access, summary and schemas: routes.getReportTypesByImageName (@atalaya/shared routes/catalogue.ts).
  r.route({
    ...at(routes.getReportTypesByImageName),
    handler: async (req, reply) => {
      const image = await typeImage(req.params.imageName);
      if (!image) throw notFound();
      reply.header("cache-control", IMAGE_CACHE).header("etag", image.etag);
      if (matches(req.headers["if-none-match"], image.etag)) return reply.code(304).send();
      return reply.type("image/svg+xml; charset=utf-8").send(image.svg);
    },
  });
}
