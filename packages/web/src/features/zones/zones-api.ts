import { zonesRouteTable as zones, type Zone, type ZoneBody } from "@atalaya/shared";
import { call, queryKeyOf } from "../../lib/call";

/** TanStack Query key of a company's zones. */
export const zoneKeys = { list: (companyId: number) => queryKeyOf(zones.getCompaniesByCompanyIdZones, { params: { companyId } }) };

/** `GET /api/companies/{companyId}/zones`: the company's zones, the global one first. */
export async function fetchZones(companyId: number, signal?: AbortSignal): Promise<Zone[]> {
  return (await call(zones.getCompaniesByCompanyIdZones, { params: { companyId }, signal })).zones;
}

/** `POST …/zones` (company admins): the stored zone, its ring closed. */
export async function createZone(companyId: number, body: ZoneBody): Promise<Zone> {
  return (await call(zones.postCompaniesByCompanyIdZones, { params: { companyId }, body })).zone;
}

/** `PUT …/zones/{id}` (company admins). */
export async function updateZone(companyId: number, id: number, body: ZoneBody): Promise<Zone> {
  return (await call(zones.putCompaniesByCompanyIdZonesById, { params: { companyId, id }, body })).zone;
}

/** `DELETE …/zones/{id}` (company admins); for the global zone, the company stops attending it. */
export async function deleteZone(companyId: number, id: number): Promise<void> {
  await call(zones.deleteCompaniesByCompanyIdZonesById, { params: { companyId, id } });
}

/** `POST …/zones/global` (company admins): receive reports from anywhere. */
export async function attendGlobalZone(companyId: number): Promise<Zone> {
  return (await call(zones.postCompaniesByCompanyIdZonesGlobal, { params: { companyId } })).zone;
}
