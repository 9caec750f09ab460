import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PATROL_POSITIONS_PER_MINUTE, routes } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import { changePatrolStatus, companyPatrols, reportPosition } from "./patrol.service.js";

/** Patrols (issue 10): positions and status from the patrol app, and the company's patrols for the maps. */
export async function patrolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.postAppPositions),
    preHandler: limits(app, [{ name: "app-positions", max: PATROL_POSITIONS_PER_MINUTE, windowMs: 60_000, key: (req) => `user:${actorOf(req).user.id}` }]),
    handler: async (req) => ({ success: true as const, ...(await reportPosition(ctx, actorOf(req), req.body)) }),
  });

  r.route({
    ...at(routes.putAppPatrolStatus),
    handler: async (req) => ({ success: true as const, ...(await changePatrolStatus(ctx, actorOf(req), req.body.status)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdPatrols),
    handler: async (req) => ({ success: true as const, patrols: await companyPatrols(ctx, scopeOf(req)) }),
  });
}
