import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  lawEnforcementAccessBodySchema,
  lawEnforcementCreatedSchema,
  lawEnforcementListSchema,
  lawEnforcementParamsSchema,
  lawEnforcementRequestBodySchema,
  lawEnforcementRequestSchema,
  lawEnforcementStateBodySchema,
  lawEnforcementTokenQuerySchema,
  lawEnforcementTokenResponseSchema,
  signupSuccessSchema,
} from "@atalaya/shared";
import { z } from "zod";
import { requireProviderAdmin } from "../auth/access.js";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { shellLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { listRequests, setRequestState } from "./law-enforcement.repository.js";
import { linkEmail, requestAccess, submitRequest } from "./law-enforcement.service.js";

const HOUR = 60 * 60 * 1000;
/** Public doors' limits per client address (and per e-mail for the mailed link). */
export const LAW_ENFORCEMENT_LIMITS = { accessPerEmail: 3, formPerAddress: 30 } as const;

/** The law-enforcement pages' API (public, limited) and the provider administrators' list of requests. */
export async function lawEnforcementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 429: errorBodySchema };
  const byAddress = (name: string, max: number) => ({ name, max, windowMs: HOUR, key: (req: { ip: string }) => req.ip });

  r.post("/api/law-enforcement/access", {
    config: { public: true },
    preHandler: limits(app, [
      byAddress("le-access", ctx.config.publicFormsPerAddress),
      { name: "le-access-email", max: LAW_ENFORCEMENT_LIMITS.accessPerEmail, windowMs: HOUR, key: (req) => String((req.body as { email?: string }).email ?? "").trim().toLowerCase() },
    ]),
    schema: {
      tags: ["law-enforcement"],
      summary: "Mails a single-use link to the request form (valid 24 h) to an institutional e-mail that accepted the terms",
      body: lawEnforcementAccessBodySchema,
      response: { 200: signupSuccessSchema, ...errors },
    },
  }, async (req) => {
    await requestAccess(ctx, req.body.email, shellLanguage(req.headers["accept-language"]));
    return { success: true as const };
  });

  r.get("/api/law-enforcement/link", {
    config: { public: true },
    preHandler: limits(app, [byAddress("le-link", LAW_ENFORCEMENT_LIMITS.formPerAddress)]),
    schema: { tags: ["law-enforcement"], summary: "The e-mail of a valid form link (400 codeInvalid otherwise)", querystring: lawEnforcementTokenQuerySchema, response: { 200: lawEnforcementTokenResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, email: await linkEmail(ctx, req.query.token) }));

  r.post("/api/law-enforcement/requests", {
    config: { public: true },
    preHandler: limits(app, [byAddress("le-form", LAW_ENFORCEMENT_LIMITS.formPerAddress)]),
    schema: {
      tags: ["law-enforcement"],
      summary: "Stores a data request with a reference number, spending the link, and mails the confirmation",
      body: lawEnforcementRequestBodySchema,
      response: { 201: lawEnforcementCreatedSchema, ...errors },
    },
  }, async (req, reply) => {
    const request = await submitRequest(ctx, req.body, shellLanguage(req.headers["accept-language"]));
    return reply.code(201).send({ success: true as const, reference: request.reference });
  });

  r.get("/api/admin/law-enforcement/requests", {
    schema: { tags: ["provider"], summary: "Every law-enforcement request, newest first (provider administrators)", response: { 200: lawEnforcementListSchema, 403: errorBodySchema } },
  }, async (req) => {
    requireProviderAdmin(actorOf(req));
    return { success: true as const, requests: await listRequests(ctx.db) };
  });

  r.put("/api/admin/law-enforcement/requests/:id/state", {
    schema: {
      tags: ["provider"],
      summary: "Sets a request's state: received, in_review, answered or refused (provider administrators)",
      params: lawEnforcementParamsSchema,
      body: lawEnforcementStateBodySchema,
      response: { 200: z.object({ success: z.literal(true), request: lawEnforcementRequestSchema }), 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
    },
  }, async (req) => {
    const actor = actorOf(req);
    requireProviderAdmin(actor);
    const request = await setRequestState(ctx.db, req.params.id, req.body.state, actor.user.id);
    if (!request) throw notFound();
    return { success: true as const, request };
  });
}
