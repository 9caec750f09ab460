import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { NOT_AUTHENTICATED_MESSAGE, type Language } from "@atalaya/shared";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { AppError } from "./errors.js";
import { pickLanguage, translate, translateFieldProblem, translateReason } from "./messages.js";
import { hasText, t } from "./texts.js";

const isDataException = (err: unknown) => /^22[0-9A-Z]{3}$/.test(String((err as { code?: unknown }).code ?? ""));

/** What a client is told to wait when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The catalogues of the shared rules' problem codes, in the order a code is looked up in (a code of two of them has one text). */
const RULE_CATALOGUES = ["organisation:", "collaborator-messages:", "push:rules.", "signup:", "assets:", "forms:", "activities:"] as const;

/** The text of a shared rule's problem code (the user forms', the organisation's, the sign-up's and the assets' SPEC §5 rules). */
function fieldProblemText(lang: Language, code: string): string | undefined {
  const own = translateFieldProblem(lang, code);
  if (own !== undefined) return own;
  const key = RULE_CATALOGUES.map((catalogue) => `${catalogue}${code}`).find(hasText);
  return key ? t(lang, key) : undefined;
}

function fieldName(instancePath: string, fallback: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || fallback || "body";
}

/** Maps every failure to the API's error body: validation 400, AppError as given (a 409 with its reason), anything else 500
 * with no detail (the log keeps the stack). */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = pickLanguage(req.headers["accept-language"]);
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A rule whose message is a known problem key (the shared SPEC §5 rules) answers that key as
      // its code, with its text in the caller's language; other rules keep zod's issue code.
      const fields = err.validation.map((v) => {
        const field = fieldName(v.instancePath, err.validationContext);
        const message = v.message ? fieldProblemText(lang, v.message) : undefined;
        return message ? { field, code: v.message!, message } : { field, code: v.keyword };
      });
      return reply.code(400).send({ success: false, error: { code: "validation", message: translate(lang, "validation"), fields } });
    }
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      // A 409 says why: its reason travels beside the code and the message is the reason's text.
      const { reason } = err;
      const message = (reason ? translateReason(lang, reason, err.vars) : translate(lang, err.code, err.vars)) ?? err.message;
      const fields = err.fields?.map((f) => {
        const text = f.message ?? fieldProblemText(lang, f.code);
        return text ? { ...f, message: text } : f;
      });
      return reply.code(err.status).send({
        success: false,
        error: { code: err.code, ...(reason ? { reason } : {}), message, ...(fields ? { fields } : {}) },
      });
    }
    // Fastify's own client errors: malformed JSON, body too large, wrong content type…
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 413 ? "payloadTooLarge" : "validation";
      return reply.code(status).send({
        success: false,
        error: { code, message: err.message, fields: [{ field: "body", code: err.code ?? "invalid" }] },
      });
    }
    // A value the database refused as data (out of range, bad encoding, malformed JSON, too long:
    // SQLSTATE class 22) came from the client: what the schemas did not catch is still a 400.
    if (isDataException(err)) {
      req.log.warn({ err }, "value refused by the database");
      return reply.code(400).send({ success: false, error: { code: "validation", message: translate(lang, "validation"), fields: [{ field: "body", code: "invalid" }] } });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ success: false, error: { code: "serviceUnavailable", message: translate(lang, "serviceUnavailable") } });
    }
    req.log.error({ err }, "unexpected failure");
    return reply.code(500).send({ success: false, error: { code: "generalError", message: translate(lang, "generalError") } });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ success: false, error: { code: "notFound", message: `Route ${req.method} ${req.url.split("?")[0]} not found` } });
  });
}

/** The body of a 401 (SPEC §8 text). */
export const notAuthenticatedBody = {
  success: false,
  error: { code: "notAuthenticated", message: NOT_AUTHENTICATED_MESSAGE },
} as const;
