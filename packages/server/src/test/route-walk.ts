import { routes, type Access } from "@atalaya/shared";
import type { FastifyInstance } from "fastify";
import { can } from "../auth/access.js";

// Route-wide tests walk the OpenAPI document, so a route added later is covered without being named.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  anyOf?: JsonSchema[];
};

/** One operation of the API as the OpenAPI document describes it. */
export interface ApiRoute {
  method: string;
  /** OpenAPI path, e.g. /api/companies/{companyId}/reports/{id}. */
  path: string;
  /** "METHOD path", the key of BODIES. */
  key: string;
  query: string[];
  body: JsonSchema | undefined;
}

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/** Every operation of the app's OpenAPI document (call after app.ready()). */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      key: `${method.toUpperCase()} ${path}`,
      query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      body: op.requestBody?.content["application/json"]?.schema,
    })),
  );
}

export const SAMPLE_UUID = "6f1c2d3e-0000-4000-8000-000000000001";

// A body that passes validation, so that a write reaches its tenant check instead of stopping at 400;
// routes whose schema has a rule the sampler cannot see get theirs here.
const ACTIVITY_BODY = { name: "Ronda", groups: [{ operator: "or", formIds: [1] }], userIds: [1], period: "daily", timesPerPeriod: 1, totalPeriods: 1, startDate: "2026-04-01", endDate: "2026-04-30" };
const BODIES: Record<string, unknown> = {
  "POST /api/companies/{companyId}/reports": { type: 0, description: "Robo en la esquina", latitude: -33.45, longitude: -70.65, informerType: "anonymous" },
  "PUT /api/companies/{companyId}/reports/{id}": { priority: "high" },
  "POST /api/companies/{companyId}/reports/{id}/assign": { userId: null },
  "POST /api/companies/{companyId}/reports/{id}/close": { kind: "solved" },
  // Bulk actions (issue 18): the body is a union of actions, which the sampler does not walk.
  "POST /api/companies/{companyId}/reports/bulk": { action: "take", ids: [1] },
  "POST /api/companies/{companyId}/reports/{id}/comments": { body: "Comentario de prueba" },
  "POST /api/companies/{companyId}/reports/{id}/notes": { body: "Nota de prueba" },
  "POST /api/companies/{companyId}/zones": { name: "Zona de prueba", polygon: { type: "Polygon", coordinates: [[[-70.62, -33.43], [-70.61, -33.43], [-70.61, -33.42]]] } },
  "PUT /api/companies/{companyId}/zones/{id}": { name: "Zona de prueba", polygon: { type: "Polygon", coordinates: [[[-70.62, -33.43], [-70.61, -33.43], [-70.61, -33.42]]] } },
  "POST /api/companies/{companyId}/shifts": { name: "Turno de prueba", start_time: "22:00:00", end_time: "06:00:00" },
  "PUT /api/companies/{companyId}/shifts/{id}": { name: "Turno de prueba", start_time: "22:00:00", end_time: "06:00:00" },
  // Organisation administration (issue 12).
  "POST /api/companies/{companyId}/teams": { name: "Equipo-prueba", members: [1], color: "#1677ff" },
  "PUT /api/companies/{companyId}/teams/{id}": { name: "Equipo-prueba", members: [1], color: "#1677ff" },
  "POST /api/companies/{companyId}/tags": { name: "Etiqueta de prueba", color: "#f54286", lang: "es" },
  "PUT /api/companies/{companyId}/tags/{id}": { name: "Etiqueta de prueba", color: "#f54286", lang: "es" },
  "POST /api/companies/{companyId}/selectors": { name: "Lista de prueba", items: [{ name: "Uno" }] },
  "PUT /api/companies/{companyId}/selectors/{id}": { name: "Lista de prueba", items: [{ name: "Uno" }] },
  "POST /api/companies/{companyId}/dashboards": { name: "Panel de prueba", link: "https://bi.example.cl/" },
  "PUT /api/companies/{companyId}/dashboards/{id}": { name: "Panel de prueba", link: "https://bi.example.cl/" },
  "POST /api/companies/{companyId}/users": {
    email: "ruta@prueba.cl", first_name: "Ruta", last_name: "Prueba", phone: "+56 9 6123 4570", social_number: "12.345.678-5",
    role: "operator", password: "Segura-2026", password_confirmation: "Segura-2026",
  },
  "PUT /api/companies/{companyId}/users/{id}": { first_name: "Ruta" },
  // Company settings and the provider's flags (issue 12): an update names at least one section or flag.
  "PUT /api/companies/{companyId}/settings": { substatuses: ["En terreno"] },
  "PUT /api/admin/companies/{id}/flags": { is_observer: false },
  // Information gathering (issue 17): at least one question with its text.
  "POST /api/companies/{companyId}/reports/{id}/gathering": { questions: [{ text: "¿Qué vio?" }] },
  // Mass messages (issue 15): a custom zone's polygon must be a shape.
  "PUT /api/companies/{companyId}/message-zones/{id}": { name: "Zona de mensajes", polygon: { type: "Polygon", coordinates: [[[-70.62, -33.43], [-70.61, -33.43], [-70.61, -33.42]]] } },
  "POST /api/companies/{companyId}/message-zones": { name: "Zona de mensajes", polygon: { type: "Polygon", coordinates: [[[-70.62, -33.43], [-70.61, -33.43], [-70.61, -33.42]]] } },
  // Dynamic forms (issue 16).
  "POST /api/companies/{companyId}/form-templates": { title: "Formulario de prueba", components: [{ type: "text", fieldKey: "nombre" }] },
  "PUT /api/companies/{companyId}/form-templates/{id}": { title: "Formulario de prueba", components: [{ type: "text", fieldKey: "nombre" }] },
  "POST /api/companies/{companyId}/form-templates/{id}/submissions": { values: {} },
  "POST /api/app/forms/{id}/submissions": { values: {} },
  // Activities (issue 16): one form, one assignee.
  "POST /api/companies/{companyId}/activities": ACTIVITY_BODY,
  "PUT /api/companies/{companyId}/activities/{id}": ACTIVITY_BODY,
};

/** A valid sample of a JSON schema (required properties only). */
export function sampleOf(s: JsonSchema | undefined): unknown {
  if (!s) return "x";
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return sampleOf(s.anyOf.find((x) => x.type !== "null") ?? s.anyOf[0]);
  switch (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type) {
    case "object":
      return Object.fromEntries((s.required ?? []).map((k) => [k, sampleOf(s.properties?.[k])]));
    case "array":
      return [];
    case "integer":
    case "number":
      return s.minimum ?? 1;
    case "boolean":
      return true;
    default:
      return s.format === "uuid" ? SAMPLE_UUID : "Texto de prueba";
  }
}

/** The payload a route's walk sends: a known-good body, else a sample of its schema, else none. */
export function payloadOf(route: ApiRoute): object | undefined {
  return (BODIES[route.key] ?? (route.body ? sampleOf(route.body) : undefined)) as object | undefined;
}

/** The path with its parameters filled in. */
export function fillPath(path: string, values: { companyId: number; id: number; uuid?: string; name?: string }): string {
  return path
    .replace("{companyId}", String(values.companyId))
    .replace("{uuid}", values.uuid ?? SAMPLE_UUID)
    .replace("{name}", values.name ?? "x.png")
    // Open311 resources (issue 18) end in their format: services.{format}.
    .replace("{format}", "json")
    // A message action and the provider's decision (issue 15) are words of a list.
    .replace("{action}", "archive")
    .replace("{decision}", "approve")
    .replace(/\{[a-zA-Z]+\}/g, String(values.id));
}

const accessByKey = new Map(Object.values(routes).map((e) => [`${e.method} ${e.path.replace(/:(\w+)/g, "{$1}")}`, e.access]));

/** Who may call a route of the document, from its route-table entry (issue 33): the route-walking tests
 * read it instead of keeping lists of their own. */
export function accessOf(route: Pick<ApiRoute, "key">): Access {
  const access = accessByKey.get(route.key);
  if (!access) throw new Error(`${route.key}: not in the route table`);
  return access;
}

/** True when the route needs no portal session: public, or Open311's organisation key. */
export const isPublicAccess = (access: Access) => access.kind === "public" || access.kind === "open311Key";

/** True when a patrol's work may reach the route: its own patrol routes and its company's routes whose
 * permission the patrol role holds (always within the reports assigned to it). */
export const patrolWorks = (access: Access) => access.kind === "patrol" || (access.kind === "company" && can("patrol", access.permission));

/** True when any account (or anyone) may call the route, whatever its role: public and Open311 routes,
 * the account's own, the reporter app's. */
export const anyAccount = (access: Access) => isPublicAccess(access) || access.kind === "account" || access.kind === "reporter";
