import type { FastifyInstance } from "fastify";
import { pickLanguage, translate } from "./messages.js";

// A NUL or half of a surrogate pair is never text anyone meant: PostgreSQL refuses the first in any
// text ("invalid byte sequence") and the second in JSON, which used to surface as a 500.
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const BROKEN_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string inside value that holds a NUL or a lone surrogate, if any. */
export function brokenTextAt(value: unknown, path = "", depth = 0): string | undefined {
  if (typeof value === "string") return BROKEN_TEXT.test(value) ? path : undefined;
  if (depth > 20 || value === null || typeof value !== "object") return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (BROKEN_TEXT.test(key)) return path ? `${path}.${key.replace(BROKEN_TEXT, "?")}` : "body";
    const found = brokenTextAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses, with 400 and the field, any request whose parameters, query or body carry such text,
 * before a route or the database sees it. */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (req, reply) => {
    for (const [part, value] of [["params", req.params], ["query", req.query], ["body", req.body]] as const) {
      const field = brokenTextAt(value);
      if (field === undefined) continue;
      const lang = pickLanguage(req.headers["accept-language"]);
      return reply.code(400).send({
        success: false,
        error: { code: "validation", message: translate(lang, "validation"), fields: [{ field: field || part, code: "invalidCharacters" }] },
      });
    }
  });
}
