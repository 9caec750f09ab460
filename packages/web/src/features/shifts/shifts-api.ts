import { dashboardRouteTable as routes, type Shift, type ShiftBody } from "@atalaya/shared";
import { call, queryKeyOf } from "../../lib/call";

/** TanStack Query key of a company's shifts (the dashboard's operators tab reads them too). */
export const shiftKeys = { list: (companyId: number) => queryKeyOf(routes.getCompaniesByCompanyIdShifts, { params: { companyId } }) };

/** `GET /api/companies/{companyId}/shifts`: the company's shifts by start time. */
export async function fetchShifts(companyId: number, signal?: AbortSignal): Promise<Shift[]> {
  return (await call(routes.getCompaniesByCompanyIdShifts, { params: { companyId }, signal })).shifts;
}

/** `POST …/shifts` (company admins): the stored shift; 409 with field name `taken` for a name in use. */
export async function createShift(companyId: number, body: ShiftBody): Promise<Shift> {
  return (await call(routes.postCompaniesByCompanyIdShifts, { params: { companyId }, body })).shift;
}

/** `PUT …/shifts/{id}` (company admins). */
export async function updateShift(companyId: number, id: number, body: ShiftBody): Promise<Shift> {
  return (await call(routes.putCompaniesByCompanyIdShiftsById, { params: { companyId, id }, body })).shift;
}

/** `DELETE …/shifts/{id}` (company admins). */
export async function deleteShift(companyId: number, id: number): Promise<void> {
  await call(routes.deleteCompaniesByCompanyIdShiftsById, { params: { companyId, id } });
}
