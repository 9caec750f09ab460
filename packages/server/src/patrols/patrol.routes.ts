import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  PATROL_POSITIONS_PER_MINUTE,
  companyIdParamSchema,
  errorBodySchema,
  patrolListResponseSchema,
  patrolPositionBodySchema,
  patrolPositionResponseSchema,
  patrolStatusBodySchema,
} from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { limits } from "../http/rate-limit.js";
import { changePatrolStatus, companyPatrols, reportPosition } from "./patrol.service.js";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/** Patrols (issue 10): positions and status from the patrol app, and the company's patrols for the maps. */
export async function patrolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/api/app/positions", {
    preHandler: limits(app, [{ name: "app-positions", max: PATROL_POSITIONS_PER_MINUTE, windowMs: 60_000, key: (req) => `user:${actorOf(req).user.id}` }]),
    schema: {
      body: patrolPositionBodySchema,
      response: { 200: patrolPositionResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await reportPosition(ctx, actorOf(req), req.body)) }));

  r.put("/api/app/patrol-status", {
    schema: { body: patrolStatusBodySchema, response: { 200: patrolPositionResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await changePatrolStatus(ctx, actorOf(req), req.body.status)) }));

  r.get("/api/companies/:companyId/patrols", {
    schema: {
      params: companyIdParamSchema,
      response: { 200: patrolListResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, patrols: await companyPatrols(ctx, scopeOf(req)) }));
}
