import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { INFORMER_TYPES, PRIORITIES } from "./enums.js";
import { isValidPhone } from "./phone.js";
import { latitudeSchema, longitudeSchema } from "./reports.js";

// The operator's new report for a caller, apart from reports.ts because its phone rule brings
// libphonenumber's metadata: only the create form needs it, not every screen that reads reports.

const trimmed = (max: number) => z.string().trim().max(max);

/** POST /api/companies/{companyId}/reports: a report created by an operator for a caller. */
export const createCompanyReportSchema = z
  .object({
    type: z.number().int().min(0).max(MAX_ID),
    description: trimmed(4000).min(1),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    address: trimmed(300).optional(),
    priority: z.enum(PRIORITIES).optional(),
    informerType: z.enum(INFORMER_TYPES),
    phone: trimmed(30).optional(),
    firstName: trimmed(100).optional(),
    lastName: trimmed(100).optional(),
    email: z.email().max(320).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.phone && !isValidPhone(v.phone)) ctx.addIssue({ code: "invalid_format", format: "phone", path: ["phone"], input: v.phone, message: "invalid_phone" });
    if (v.informerType !== "user") return;
    if (!v.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: "required" });
    if (!v.firstName) ctx.addIssue({ code: "custom", path: ["firstName"], message: "required" });
  });
export type CreateCompanyReport = z.infer<typeof createCompanyReportSchema>;

