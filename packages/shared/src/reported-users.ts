import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

/** Largest id a body, query or path may carry (PostgreSQL integer). */
const id = () => z.number().int().positive().max(MAX_ID);

/** Why a community user is reported (SPEC §7 POST /reports/issue `reason`). */
export const COMPLAINT_REASONS = ["spam", "offensive", "false_report", "harassment", "other"] as const;
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];

/** Body of `POST /api/reports/issue`: exactly one of reportId, commentId, userId; a reason; a bounded text
 * without control characters except line breaks. */
export const complaintBodySchema = z
  .object({
    reportId: id().optional(),
    commentId: id().optional(),
    userId: id().optional(),
    reason: z.enum(COMPLAINT_REASONS),
    body: z.string().trim().max(1000).refine((t) => /^[^\p{Cc}]*$/u.test(t.replace(/\r?\n/g, "")), { message: "invalid_text" }).default(""),
  })
  .strict()
  .refine((b) => [b.reportId, b.commentId, b.userId].filter((v) => v !== undefined).length === 1, {
    message: "one_target",
    path: ["reportId"],
  });
export type ComplaintBody = z.input<typeof complaintBodySchema>;

export const complaintSchema = z.object({
  id: z.number(),
  targetKind: z.enum(["report", "comment", "user"]),
  targetId: z.number(),
  userId: z.number().describe("The community user the complaint is against"),
  reason: z.enum(COMPLAINT_REASONS),
  body: z.string(),
  createdAt: z.string(),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintResponseSchema = z.object({
  success: z.literal(true),
  /** False when the caller had already filed this complaint: the first one comes back. */
  created: z.boolean(),
  complaint: complaintSchema,
});

/** What a community user's reports amounted to (SPEC §7 user_impact). */
export const userImpactSchema = z.object({
  reports: z.number(),
  attended: z.number(),
  solved: z.number(),
  false: z.number(),
  likes: z.number(),
});
export type UserImpact = z.infer<typeof userImpactSchema>;
export const userImpactResponseSchema = z.object({ success: z.literal(true), user_impact: userImpactSchema });
export const userImpactParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** One row of `/v3/reported-users`. */
export const reportedUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  complaints: z.number().describe("Complaints about this user the caller may see"),
  reports: z.number().describe("This user's reports the company attends, within the caller's restrictions"),
  locked: z.boolean(),
  lastComplaintAt: z.string(),
});
export type ReportedUser = z.infer<typeof reportedUserSchema>;

export const REPORTED_USERS_PAGE_SIZE = 20;
export const reportedUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(REPORTED_USERS_PAGE_SIZE),
});
export const reportedUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(reportedUserSchema),
  total: z.number(),
  /** Whether the caller may lock and unlock these users (company admins). */
  canLock: z.boolean(),
});
export type ReportedUsersResponse = z.infer<typeof reportedUsersResponseSchema>;

export const reportedUsersParamsSchema = z.object({ companyId: z.coerce.number().int().positive().max(MAX_ID) });
export const appUserParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});
export const appUserLockResponseSchema = z.object({ success: z.literal(true), user: z.object({ id: z.number(), locked: z.boolean() }) });
