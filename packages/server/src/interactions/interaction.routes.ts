import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  appFollowResponseSchema,
  appReportParamsSchema,
  appReportResponseSchema,
  commentBodySchema,
  commentListResponseSchema,
  commentParamsSchema,
  commentResponseSchema,
  companyIdParamSchema,
  errorBodySchema,
  followersResponseSchema,
  galleryResponseSchema,
  incomingCommentsQuerySchema,
  likeBodySchema,
  likeResponseSchema,
  noteBodySchema,
  noteListResponseSchema,
  noteResponseSchema,
  okResponseSchema,
  reportImagesResponseSchema,
  reportMediaResponseSchema,
  reportParamsSchema,
  editedCommentResponseSchema,
  editedNoteResponseSchema,
  reportItemParamsSchema,
} from "@atalaya/shared";
import { actorOf, actorOrNull } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { readBodyWithFile, readUploadForm, uploadLimitsOf } from "../files/index.js";
import {
  addAppComment,
  addNote,
  addOperatorComment,
  addReportImage,
  addReportMedia,
  deleteOwnReport,
  flagCommentAsCommunity,
  followAsCommunity,
  followAsOperator,
  getAppReport,
  incomingComments,
  likeAsCommunity,
  likeAsOperator,
  listReportComments,
  listReportNotes,
  reportFollowers,
  reportGallery,
  editOperatorComment,
  editOwnNote,
} from "./interaction.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Comments, notes, likes, follows and gallery: the portal's routes under
 * /api/companies/{companyId}/reports/{id}/… and the reporter app's under /api/app/…. Multipart bodies are
 * parsed only inside this scope. */
export async function interactionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: ctx.config.maxUploadBytes, files: 1 } });
    portalRoutes(scope, ctx);
    reporterRoutes(scope, ctx);
  });
}

function portalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/reports/:id";
  const uploads = uploadLimitsOf(ctx.config);

  r.get("/api/companies/:companyId/comments/incoming", {
    schema: {
      params: companyIdParamSchema,
      querystring: incomingCommentsQuerySchema,
      response: { 200: commentListResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, comments: await incomingComments(ctx, scopeOf(req), req.query.limit) }));

  r.get(`${base}/comments`, {
    schema: { params: reportParamsSchema, response: { 200: commentListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, comments: await listReportComments(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/comments`, {
    schema: { params: reportParamsSchema, response: { 200: commentResponseSchema, ...errors } },
  }, async (req) => ({
    success: true as const,
    ...(await addOperatorComment(ctx, scopeOf(req), req.params.id, () => readBodyWithFile(req, commentBodySchema, uploads))),
  }));

  r.post(`${base}/images`, {
    schema: {
      params: reportParamsSchema,
      response: { 200: reportImagesResponseSchema, ...errors },
    },
  }, async (req) => ({
    success: true as const,
    media: await addReportImage(ctx, scopeOf(req), req.params.id, () => readUploadForm(req, uploads)),
  }));

  r.get(`${base}/notes`, {
    schema: { params: reportParamsSchema, response: { 200: noteListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, notes: await listReportNotes(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/notes`, {
    schema: { params: reportParamsSchema, response: { 200: noteResponseSchema, ...errors } },
  }, async (req) => ({
    success: true as const,
    ...(await addNote(ctx, scopeOf(req), req.params.id, () => readBodyWithFile(req, noteBodySchema, uploads))),
  }));

  r.put(`${base}/comments/:itemId`, {
    schema: { params: reportItemParamsSchema, body: commentBodySchema, response: { 200: editedCommentResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, comment: await editOperatorComment(ctx, scopeOf(req), req.params.id, req.params.itemId, req.body.body) }));

  r.put(`${base}/notes/:itemId`, {
    schema: { params: reportItemParamsSchema, body: noteBodySchema, response: { 200: editedNoteResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, note: await editOwnNote(ctx, scopeOf(req), req.params.id, req.params.itemId, req.body.body) }));

  r.post(`${base}/like`, {
    schema: { params: reportParamsSchema, body: likeBodySchema, response: { 200: likeResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await likeAsOperator(ctx, scopeOf(req), req.params.id, req.body.value)) }));

  r.post(`${base}/follow`, {
    schema: { params: reportParamsSchema, response: { 200: followersResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await followAsOperator(ctx, scopeOf(req), req.params.id, true)) }));

  r.delete(`${base}/follow`, {
    schema: { params: reportParamsSchema, response: { 200: followersResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await followAsOperator(ctx, scopeOf(req), req.params.id, false)) }));

  r.get(`${base}/followers`, {
    schema: { params: reportParamsSchema, response: { 200: followersResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await reportFollowers(ctx, scopeOf(req), req.params.id)) }));

  r.get(`${base}/gallery`, {
    schema: { params: reportParamsSchema, response: { 200: galleryResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, media: await reportGallery(ctx, scopeOf(req), req.params.id) }));
}

function reporterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/app/reports/:uuid";
  const uploads = uploadLimitsOf(ctx.config);

  r.get(base, {
    schema: { params: appReportParamsSchema, response: { 200: appReportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await getAppReport(ctx, actorOrNull(req), req.params.uuid) }));

  r.delete(base, {
    schema: { params: appReportParamsSchema, response: { 200: okResponseSchema, ...errors } },
  }, async (req) => {
    await deleteOwnReport(ctx, actorOf(req), req.params.uuid);
    return { success: true as const };
  });

  r.post(`${base}/comments`, {
    schema: { params: appReportParamsSchema, response: { 200: commentResponseSchema, ...errors } },
  }, async (req) => ({
    success: true as const,
    ...(await addAppComment(ctx, actorOf(req), req.params.uuid, () => readBodyWithFile(req, commentBodySchema, uploads))),
  }));

  r.post(`${base}/like`, {
    schema: { params: appReportParamsSchema, body: likeBodySchema, response: { 200: likeResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await likeAsCommunity(ctx, actorOf(req), req.params.uuid, req.body.value)) }));

  r.post(`${base}/follow`, {
    schema: { params: appReportParamsSchema, response: { 200: appFollowResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await followAsCommunity(ctx, actorOf(req), req.params.uuid, true)) }));

  r.delete(`${base}/follow`, {
    schema: { params: appReportParamsSchema, response: { 200: appFollowResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await followAsCommunity(ctx, actorOf(req), req.params.uuid, false)) }));

  r.post(`${base}/media`, {
    schema: { params: appReportParamsSchema, response: { 200: reportMediaResponseSchema, ...errors } },
  }, async (req) => ({
    success: true as const,
    media: await addReportMedia(ctx, actorOf(req), req.params.uuid, () => readUploadForm(req, uploads)),
  }));

  r.post("/api/app/comments/:id/report", {
    schema: { params: commentParamsSchema, response: { 200: okResponseSchema, ...errors } },
  }, async (req) => {
    await flagCommentAsCommunity(ctx, actorOf(req), req.params.id);
    return { success: true as const };
  });
}
