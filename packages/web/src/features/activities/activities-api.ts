import {
  activitiesResponseSchema,
  activityResponseSchema,
  complianceRefreshResponseSchema,
  complianceResponseSchema,
  dueActivitiesResponseSchema,
  successSchema,
  type ActivityBody,
  type ActivityPeriod,
  type ActivityState,
  type ScheduledActivity,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the activities screens. */
export const activityKeys = {
  all: (companyId: number) => ["activities", companyId] as const,
  list: (companyId: number) => ["activities", companyId, "list"] as const,
  mine: (companyId: number) => ["activities", companyId, "mine"] as const,
  compliance: (companyId: number, f: ComplianceFilter) => ["activities", companyId, "compliance", f] as const,
};

/** The compliance table's filters and page. */
export interface ComplianceFilter {
  userId?: number;
  state?: ActivityState;
  period?: ActivityPeriod;
  page: number;
}

const base = (companyId: number): string => `/companies/${companyId}/activities`;

/** `GET …/activities`: the company's activities, newest first. */
export function fetchActivities(companyId: number, signal?: AbortSignal): Promise<ScheduledActivity[]> {
  return api.get(base(companyId), { schema: activitiesResponseSchema.transform((b) => b.activities), signal });
}

/** `POST …/activities` or `PUT …/activities/{id}` (company admins): a 400 carries the field problems. */
export function saveActivity(companyId: number, id: number | null, body: ActivityBody): Promise<ScheduledActivity> {
  const schema = activityResponseSchema.transform((b) => b.activity);
  return id === null ? api.post(base(companyId), body, { schema }) : api.put(`${base(companyId)}/${id}`, body, { schema });
}

/** `DELETE …/activities/{id}` (company admins). */
export async function deleteActivity(companyId: number, id: number): Promise<void> {
  await api.delete(`${base(companyId)}/${id}`, { schema: successSchema });
}

/** `GET …/activities/mine`: the caller's activities due now, with progress. */
export function fetchMyActivities(companyId: number, signal?: AbortSignal) {
  return api.get(`${base(companyId)}/mine`, { schema: dueActivitiesResponseSchema.transform((b) => b.activities), signal });
}

/** `GET …/activities/compliance`: a page of the stored compliance rows. */
export function fetchCompliance(companyId: number, f: ComplianceFilter, signal?: AbortSignal) {
  return api.get(`${base(companyId)}/compliance`, { query: { ...f }, schema: complianceResponseSchema, signal });
}

/** `POST …/activities/compliance/refresh`: computes the company's compliance again now. */
export function refreshCompliance(companyId: number) {
  return api.post(`${base(companyId)}/compliance/refresh`, undefined, { schema: complianceRefreshResponseSchema });
}
