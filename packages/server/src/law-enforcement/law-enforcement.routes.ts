import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LAW_ENFORCEMENT_MAX_FILES, routes } from "@atalaya/shared";
import { requireProviderAdmin } from "../auth/access.js";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { readUploadFiles, sendStoredFile, uploadLimitsOf, type RawUpload } from "../files/index.js";
import { invalidField, notFound } from "../http/errors.js";
import { shellLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import { listRequests, setRequestState } from "./law-enforcement.repository.js";
import { linkEmail, openRequestFile, requestAccess, submitRequest } from "./law-enforcement.service.js";

const HOUR = 60 * 60 * 1000;
/** Public doors' limits per client address (and per e-mail for the mailed link). */
export const LAW_ENFORCEMENT_LIMITS = { accessPerEmail: 3, formPerAddress: 30 } as const;

// The files of a multipart form, read before its `request` field is validated as the body.
const formFiles = new WeakMap<FastifyRequest, RawUpload[]>();

/** The law-enforcement pages' API (public, limited) and the provider administrators' list of requests. */
export async function lawEnforcementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byAddress = (name: string, max: number) => ({ name, max, windowMs: HOUR, key: (req: { ip: string }) => req.ip });

  r.route({
    ...at(routes.postLawEnforcementAccess),
    preHandler: limits(app, [
      byAddress("le-access", ctx.config.publicFormsPerAddress),
      { name: "le-access-email", max: LAW_ENFORCEMENT_LIMITS.accessPerEmail, windowMs: HOUR, key: (req) => String((req.body as { email?: string }).email ?? "").trim().toLowerCase() },
    ]),
    handler: async (req) => {
      await requestAccess(ctx, req.body.email, shellLanguage(req.headers["accept-language"]));
      return { success: true as const };
    },
  });

  r.route({
    ...at(routes.getLawEnforcementLink),
    preHandler: limits(app, [byAddress("le-link", LAW_ENFORCEMENT_LIMITS.formPerAddress)]),
    handler: async (req) => ({ success: true as const, email: await linkEmail(ctx, req.query.token) }),
  });

  const uploads = uploadLimitsOf(ctx.config);
  // Multipart is parsed only in this scope (the form with its files).
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: ctx.config.maxUploadBytes, files: LAW_ENFORCEMENT_MAX_FILES } });
    const formLimit = limits(scope, [byAddress("le-form", LAW_ENFORCEMENT_LIMITS.formPerAddress)]);
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...at(routes.postLawEnforcementRequests),
      // The address's limit first; then a multipart form, which carries the same body as JSON in its
      // `request` field and up to LAW_ENFORCEMENT_MAX_FILES files in `files`, is read here so the
      // schema validates the body either way.
      preValidation: async (req, reply) => {
        await formLimit.call(scope, req, reply);
        if (!req.isMultipart()) return;
        const form = await readUploadFiles(req, uploads, { field: "files", maxFiles: LAW_ENFORCEMENT_MAX_FILES });
        formFiles.set(req, form.files);
        let parsed: unknown = {};
        if (form.fields.request !== undefined) {
          try {
            parsed = JSON.parse(form.fields.request);
          } catch {
            throw invalidField("request", "invalidJson");
          }
        }
        (req as { body: unknown }).body = parsed;
      },
      handler: async (req, reply) => {
        const request = await submitRequest(ctx, req.body, shellLanguage(req.headers["accept-language"]), formFiles.get(req) ?? []);
        return reply.code(201).send({ success: true as const, reference: request.reference });
      },
    });
  });

  r.route({
    ...at(routes.getAdminLawEnforcementRequests),
    handler: async (req) => {
      requireProviderAdmin(actorOf(req));
      return { success: true as const, requests: await listRequests(ctx.db) };
    },
  });

  r.route({
    ...at(routes.putAdminLawEnforcementRequestsByIdState),
    handler: async (req) => {
      const actor = actorOf(req);
      requireProviderAdmin(actor);
      const request = await setRequestState(ctx.db, req.params.id, req.body.state, actor.user.id);
      if (!request) throw notFound();
      return { success: true as const, request };
    },
  });

  r.route({
    ...at(routes.getAdminLawEnforcementRequestsByIdFilesByName),
    handler: async (req, reply) => {
      requireProviderAdmin(actorOf(req));
      const file = await openRequestFile(ctx, req.params.id, req.params.name);
      return sendStoredFile(reply, file, { name: req.params.name, cacheControl: "private, no-store" });
    },
  });
}
