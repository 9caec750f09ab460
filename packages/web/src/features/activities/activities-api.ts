import { activitiesRouteTable as activities, type ActivityBody, type ActivityPeriod, type ActivityState, type ScheduledActivity } from "@atalaya/shared";
import { call } from "../../lib/call";

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

/** `GET …/activities`: the company's activities, newest first. */
export async function fetchActivities(companyId: number, signal?: AbortSignal): Promise<ScheduledActivity[]> {
  return (await call(activities.getCompaniesByCompanyIdActivities, { params: { companyId }, signal })).activities;
}

/** `POST …/activities` or `PUT …/activities/{id}` (company admins): a 400 carries the field problems. */
export async function saveActivity(companyId: number, id: number | null, body: ActivityBody): Promise<ScheduledActivity> {
  const answer =
    id === null
      ? await call(activities.postCompaniesByCompanyIdActivities, { params: { companyId }, body })
      : await call(activities.putCompaniesByCompanyIdActivitiesById, { params: { companyId, id }, body });
  return answer.activity;
}

/** `DELETE …/activities/{id}` (company admins). */
export async function deleteActivity(companyId: number, id: number): Promise<void> {
  await call(activities.deleteCompaniesByCompanyIdActivitiesById, { params: { companyId, id } });
}

/** `GET …/activities/mine`: the caller's activities due now, with progress. */
export async function fetchMyActivities(companyId: number, signal?: AbortSignal) {
  return (await call(activities.getCompaniesByCompanyIdActivitiesMine, { params: { companyId }, signal })).activities;
}

/** `GET …/activities/compliance`: a page of the stored compliance rows. */
export function fetchCompliance(companyId: number, f: ComplianceFilter, signal?: AbortSignal) {
  return call(activities.getCompaniesByCompanyIdActivitiesCompliance, { params: { companyId }, query: { ...f }, signal });
}

/** `POST …/activities/compliance/refresh`: computes the company's compliance again now. */
export function refreshCompliance(companyId: number) {
  return call(activities.postCompaniesByCompanyIdActivitiesComplianceRefresh, { params: { companyId } });
}
