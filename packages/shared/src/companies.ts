import { z } from "./zod.js";

/** A team of the organisation with its members' ids. */
export const teamSchema = z.object({ id: z.number(), name: z.string(), color: z.string(), memberIds: z.array(z.number()) });
export type Team = z.infer<typeof teamSchema>;

/** A tag of the organisation. */
export const tagSchema = z.object({ id: z.number(), uuid: z.string(), name: z.string(), color: z.string(), lang: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const teamsResponseSchema = z.object({ success: z.literal(true), teams: z.array(teamSchema) });
export const tagsResponseSchema = z.object({ success: z.literal(true), tags: z.array(tagSchema) });

/** An operator of the company as GET /api/operator/monitoring lists them. */
export const operatorSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  role: z.string(),
  patrolStatus: z.string(),
  online: z.boolean(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const monitoringResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ companyId: z.number(), operators: z.array(operatorSchema) }),
});
