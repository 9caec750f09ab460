import { z } from "./zod.js";

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
  data: z.object({
    companyId: z.number(),
    operators: z.array(operatorSchema),
    /** The company's dynamic forms (issue 16): deleted ones counted with include_deleted_forms=true. */
    forms: z.object({ total: z.number(), deleted: z.number() }),
  }),
});
