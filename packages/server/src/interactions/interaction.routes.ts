import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { commentBodySchema, noteBodySchema, routes } from "@atalaya/shared";
import { actorOf, actorOrNull } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { readBodyWithFile, readUploadForm, uploadLimitsOf } from "../files/index.js";
import { at } from "../http/route.js";
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
  const uploads = uploadLimitsOf(ctx.config);

  r.route({
    ...at(routes.getCompaniesByCompanyIdCommentsIncoming),
    handler: async (req) => ({ success: true as const, comments: await incomingComments(ctx, scopeOf(req), req.query.limit) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdComments),
    handler: async (req) => ({ success: true as const, comments: await listReportComments(ctx, scopeOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdComments),
    handler: async (req) => ({
      success: true as const,
      ...(await addOperatorComment(ctx, scopeOf(req), req.params.id, () => readBodyWithFile(req, commentBodySchema, uploads))),
    }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdImages),
    handler: async (req) => ({
      success: true as const,
      media: await addReportImage(ctx, scopeOf(req), req.params.id, () => readUploadForm(req, uploads)),
    }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdNotes),
    handler: async (req) => ({ success: true as const, notes: await listReportNotes(ctx, scopeOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdNotes),
    handler: async (req) => ({
      success: true as const,
      ...(await addNote(ctx, scopeOf(req), req.params.id, () => readBodyWithFile(req, noteBodySchema, uploads))),
    }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdReportsByIdCommentsByItemId),
    handler: async (req) => ({ success: true as const, comment: await editOperatorComment(ctx, scopeOf(req), req.params.id, req.params.itemId, req.body.body) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdReportsByIdNotesByItemId),
    handler: async (req) => ({ success: true as const, note: await editOwnNote(ctx, scopeOf(req), req.params.id, req.params.itemId, req.body.body) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdLike),
    handler: async (req) => ({ success: true as const, ...(await likeAsOperator(ctx, scopeOf(req), req.params.id, req.body.value)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdFollow),
    handler: async (req) => ({ success: true as const, ...(await followAsOperator(ctx, scopeOf(req), req.params.id, true)) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdReportsByIdFollow),
    handler: async (req) => ({ success: true as const, ...(await followAsOperator(ctx, scopeOf(req), req.params.id, false)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdFollowers),
    handler: async (req) => ({ success: true as const, ...(await reportFollowers(ctx, scopeOf(req), req.params.id)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdGallery),
    handler: async (req) => ({ success: true as const, media: await reportGallery(ctx, scopeOf(req), req.params.id) }),
  });
}

function reporterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploads = uploadLimitsOf(ctx.config);

  r.route({
    ...at(routes.getAppReportsByUuid),
    handler: async (req) => ({ success: true as const, report: await getAppReport(ctx, actorOrNull(req), req.params.uuid) }),
  });

  r.route({
    ...at(routes.deleteAppReportsByUuid),
    handler: async (req) => {
      await deleteOwnReport(ctx, actorOf(req), req.params.uuid);
      return { success: true as const };
    },
  });

  r.route({
    ...at(routes.postAppReportsByUuidComments),
    handler: async (req) => ({
      success: true as const,
      ...(await addAppComment(ctx, actorOf(req), req.params.uuid, () => readBodyWithFile(req, commentBodySchema, uploads))),
    }),
  });

  r.route({
    ...at(routes.postAppReportsByUuidLike),
    handler: async (req) => ({ success: true as const, ...(await likeAsCommunity(ctx, actorOf(req), req.params.uuid, req.body.value)) }),
  });

  r.route({
    ...at(routes.postAppReportsByUuidFollow),
    handler: async (req) => ({ success: true as const, ...(await followAsCommunity(ctx, actorOf(req), req.params.uuid, true)) }),
  });

  r.route({
    ...at(routes.deleteAppReportsByUuidFollow),
    handler: async (req) => ({ success: true as const, ...(await followAsCommunity(ctx, actorOf(req), req.params.uuid, false)) }),
  });

  r.route({
    ...at(routes.postAppReportsByUuidMedia),
    handler: async (req) => ({
      success: true as const,
      media: await addReportMedia(ctx, actorOf(req), req.params.uuid, () => readUploadForm(req, uploads)),
    }),
  });

  r.route({
    ...at(routes.postAppCommentsByIdReport),
    handler: async (req) => {
      await flagCommentAsCommunity(ctx, actorOf(req), req.params.id);
      return { success: true as const };
    },
  });
}
