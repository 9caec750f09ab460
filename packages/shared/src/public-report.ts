import { z } from "./zod.js";

/** Where a shared report is in its handling, as the public may know it. */
export const PUBLIC_REPORT_STATUSES = ["received", "in_progress", "closed"] as const;
export type PublicReportStatus = (typeof PUBLIC_REPORT_STATUSES)[number];

/** What anyone with a share link sees of a report: its type, time, approximate place, public
 * description and status — never the reporter, notes, comments or the organisations' data. */
export const publicReportSchema = z.object({
  uuid: z.string(),
  type: z.number(),
  title: z.string().nullable(),
  description: z.string(),
  status: z.enum(PUBLIC_REPORT_STATUSES),
  createdAt: z.string(),
  timezone: z.string(),
  /** The street and commune without the house number, and the point rounded to about 100 m. */
  place: z.object({ area: z.string().nullable(), latitude: z.number(), longitude: z.number() }),
});
export type PublicReport = z.infer<typeof publicReportSchema>;

export const publicReportParamsSchema = z.object({ uuid: z.uuid() });
export const publicReportResponseSchema = z.object({ success: z.literal(true), report: publicReportSchema });

/** Hosts besides the portal's own that a share link's `sharedUrl` may lead to (SHARED_URL_HOSTS). */
export const sharedUrlHostsResponseSchema = z.object({ success: z.literal(true), hosts: z.array(z.string()) });

/** The public page of a shared report, under the portal's origin. */
export const sharedReportPath = (uuid: string) => `/shared/${uuid}`;
