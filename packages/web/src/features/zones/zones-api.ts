import { successSchema, zoneListResponseSchema, zoneResponseSchema, type Zone, type ZoneBody } from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query key of a company's zones. */
export const zoneKeys = { list: (companyId: number) => ["zones", companyId] as const };

const base = (companyId: number): string => `/companies/${companyId}/zones`;

/** `GET /api/companies/{companyId}/zones`: the company's zones, the global one first. */
export function fetchZones(companyId: number, signal?: AbortSignal): Promise<Zone[]> {
  return api.get(base(companyId), { schema: zoneListResponseSchema.transform((b) => b.zones), signal });
}

/** `POST …/zones` (company admins): the stored zone, its ring closed. */
export function createZone(companyId: number, body: ZoneBody): Promise<Zone> {
  return api.post(base(companyId), body, { schema: zoneResponseSchema.transform((b) => b.zone) });
}

/** `PUT …/zones/{id}` (company admins). */
export function updateZone(companyId: number, id: number, body: ZoneBody): Promise<Zone> {
  return api.put(`${base(companyId)}/${id}`, body, { schema: zoneResponseSchema.transform((b) => b.zone) });
}

/** `DELETE …/zones/{id}` (company admins); for the global zone, the company stops attending it. */
export async function deleteZone(companyId: number, id: number): Promise<void> {
  await api.delete(`${base(companyId)}/${id}`, { schema: successSchema });
}

/** `POST …/zones/global` (company admins): receive reports from anywhere. */
export function attendGlobalZone(companyId: number): Promise<Zone> {
  return api.post(`${base(companyId)}/global`, {}, { schema: zoneResponseSchema.transform((b) => b.zone) });
}
