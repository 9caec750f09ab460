import { shiftListResponseSchema, shiftResponseSchema, successSchema, type Shift, type ShiftBody } from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query key of a company's shifts (the dashboard's operators tab reads them too). */
export const shiftKeys = { list: (companyId: number) => ["shifts", companyId] as const };

const base = (companyId: number): string => `/companies/${companyId}/shifts`;

/** `GET /api/companies/{companyId}/shifts`: the company's shifts by start time. */
export function fetchShifts(companyId: number, signal?: AbortSignal): Promise<Shift[]> {
  return api.get(base(companyId), { schema: shiftListResponseSchema.transform((b) => b.shifts), signal });
}

/** `POST …/shifts` (company admins): the stored shift; 409 with field name `taken` for a name in use. */
export function createShift(companyId: number, body: ShiftBody): Promise<Shift> {
  return api.post(base(companyId), body, { schema: shiftResponseSchema.transform((b) => b.shift) });
}

/** `PUT …/shifts/{id}` (company admins). */
export function updateShift(companyId: number, id: number, body: ShiftBody): Promise<Shift> {
  return api.put(`${base(companyId)}/${id}`, body, { schema: shiftResponseSchema.transform((b) => b.shift) });
}

/** `DELETE …/shifts/{id}` (company admins). */
export async function deleteShift(companyId: number, id: number): Promise<void> {
  await api.delete(`${base(companyId)}/${id}`, { schema: successSchema });
}
