import { createHash } from "node:crypto";
import {
  OPEN311_MAX_DAYS,
  OPEN311_MAX_REQUESTS,
  REPORT_CATEGORIES,
  localizedName,
  reportTypeById,
  type Language,
  type Open311PostBody,
  type Open311RequestsQuery,
} from "@atalaya/shared";
import { apiKeyScope, type TenantScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { geocode, usableAddress } from "../geocoding/index.js";
import { AppError } from "../http/errors.js";
import { createAppReports } from "../reports/index.js";
import { hashApiKey } from "./api-key.service.js";
import { useApiKey } from "./api-key.repository.js";
import { open311Message, type Open311Language, type Open311MessageKey } from "./open311.messages.js";
import { w3, type Open311Value } from "./open311.format.js";
import {
  attendedTypeIds,
  findJurisdiction,
  findOpen311RequestByToken,
  hearsLater,
  listOpen311Requests,
  receivingAt,
  type Open311Filter,
  type Open311RequestRow,
} from "./open311.repository.js";

/** A GeoReport v2 error: its HTTP status (400, 403 or 404) and the catalogue text a client reads,
 * written in the caller's language when answered. */
export class Open311Error extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    readonly key: Open311MessageKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** Who is reading or writing: the organisation an API key speaks for (keyId), or, without a key, the
 * organisation a jurisdiction_id names (keyId null). */
export interface Open311Client {
  keyId: number | null;
  scope: TenantScope;
  companyId: number;
  companyName: string;
}

const DAY_MS = 86_400_000;

/** The organisation of a live key, checked against the jurisdiction when one is named (the
 * organisation's id): 403 without a key or with a wrong or revoked one, 404 for another jurisdiction. */
export async function authenticateKey(ctx: AppContext, apiKey: string | undefined, jurisdictionId: string | undefined): Promise<Open311Client> {
  if (!apiKey) throw new Open311Error(403, "apiKeyRequired");
  const key = await useApiKey(ctx.db, hashApiKey(apiKey));
  if (!key) throw new Open311Error(403, "apiKeyInvalid");
  if (jurisdictionId !== undefined && jurisdictionId !== String(key.companyId)) throw new Open311Error(404, "jurisdictionNotFound");
  return { keyId: key.id, scope: apiKeyScope(key.companyId), companyId: key.companyId, companyName: key.companyName };
}

/** What a read may use: what an api_key speaks for when one is sent, else the organisation a
 * jurisdiction_id names (GeoReport v2 asks for a key on POST only). `requests` reads (requests, one
 * request, tokens) without a key need the organisation's public Open311 reads (403 saying so): safety
 * reports can be sensitive, so an organisation opts in. */
export async function authenticateRead(
  ctx: AppContext,
  apiKey: string | undefined,
  jurisdictionId: string | undefined,
  what: "services" | "requests",
): Promise<Open311Client> {
  if (apiKey) return authenticateKey(ctx, apiKey, jurisdictionId);
  if (jurisdictionId === undefined) throw new Open311Error(400, "jurisdictionRequired");
  const org = /^\d{1,9}$/.test(jurisdictionId) ? await findJurisdiction(ctx.db, Number(jurisdictionId)) : undefined;
  if (!org) throw new Open311Error(404, "jurisdictionNotFound");
  if (what === "requests" && !org.publicReads) throw new Open311Error(403, "requestsNotPublic");
  return { keyId: null, scope: apiKeyScope(org.companyId), companyId: org.companyId, companyName: org.companyName };
}

/** The discovery document: where the GeoReport v2 endpoint is and what it speaks. */
export function discovery(publicUrl: string): Open311Value {
  const changeset = "2026-11-26T00:00:00Z";
  return {
    changeset,
    contact: `Ask the organisation that gave you your API key, or the portal's provider at ${publicUrl}.`,
    key_service: "A company administrator creates API keys in the portal: Settings, API keys.",
    endpoints: [
      {
        specification: "http://wiki.open311.org/GeoReport_v2",
        url: `${publicUrl}/open311/v2`,
        changeset,
        type: "production",
        formats: ["text/xml", "application/json"],
      },
    ],
  };
}

/** One service: a report type the organisation attends, in the caller's language, its category as group. */
function serviceOf(typeId: number, lang: Language, delayed: boolean): Open311Value | undefined {
  const type = reportTypeById(typeId);
  if (!type || !type.active) return undefined;
  const category = REPORT_CATEGORIES.find((c) => c.id === type.category_id);
  return {
    service_code: String(type.id),
    service_name: localizedName(type.nameLocalized, lang),
    description: localizedName(type.descriptionLocalized, lang),
    // No dynamic form is linked to a report type yet: nothing more to ask.
    metadata: false,
    // A company that hears of reports after a delay cannot give the id at once: a token instead.
    type: delayed ? "batch" : "realtime",
    keywords: "",
    group: category ? localizedName(category.nameLocalized, lang) : "",
  };
}

/** GET services: every active report type the organisation attends. */
export async function listServices(ctx: AppContext, client: Open311Client, lang: Language): Promise<Open311Value[]> {
  const [ids, delayed] = await Promise.all([attendedTypeIds(ctx.db, client.scope), hearsLater(ctx.db, client.scope)]);
  return ids.flatMap((id) => serviceOf(id, lang, delayed) ?? []);
}

/** The attended, active type a service code names, or 404. */
async function requireService(ctx: AppContext, client: Open311Client, code: string): Promise<number> {
  const id = /^\d{1,9}$/.test(code) ? Number(code) : NaN;
  const type = reportTypeById(id);
  if (!type || !type.active || !(await attendedTypeIds(ctx.db, client.scope)).includes(id)) throw new Open311Error(404, "serviceNotFound", { code });
  return id;
}

/** GET services/{code}: the service definition. Its attributes come from the type's form when one is
 * linked; none is yet, so the list is empty. */
export async function serviceDefinition(ctx: AppContext, client: Open311Client, code: string): Promise<Open311Value> {
  const id = await requireService(ctx, client, code);
  return { service_code: String(id), attributes: [] };
}

/** pending, in_progress and in_observation are open; solved and false (repeated among them) closed. */
const isClosed = (status: Open311RequestRow["status"]) => status === "solved" || status === "false";

function requestOf(row: Open311RequestRow, agency: string, lang: Language): Open311Value {
  const type = reportTypeById(row.type_id);
  const closed = isClosed(row.status);
  return {
    service_request_id: row.id,
    status: closed ? "closed" : "open",
    status_notes: closed ? row.status_notes : null,
    service_name: type ? localizedName(type.nameLocalized, lang) : null,
    service_code: String(row.type_id),
    description: row.description || null,
    agency_responsible: agency,
    service_notice: null,
    requested_datetime: w3(row.created_at),
    updated_datetime: w3(closed && row.closed_at ? row.closed_at : row.updated_at),
    expected_datetime: w3(row.due_date),
    address: row.address,
    address_id: null,
    zipcode: null,
    lat: row.latitude,
    long: row.longitude,
    media_url: row.media_url,
  };
}

/** The window of a GET requests: both dates at most 90 days apart; one alone opens 90 days from it;
 * none, the last 90 days. */
function windowOf(q: Open311RequestsQuery, now: Date): { from: Date; to: Date } {
  const start = q.start_date ? new Date(q.start_date) : undefined;
  const end = q.end_date ? new Date(q.end_date) : undefined;
  const span = OPEN311_MAX_DAYS * DAY_MS;
  if (start && end) {
    if (end < start) throw new Open311Error(400, "endBeforeStart");
    if (end.getTime() - start.getTime() > span) throw new Open311Error(400, "spanTooLong", { days: OPEN311_MAX_DAYS });
    return { from: start, to: end };
  }
  if (start) return { from: start, to: new Date(start.getTime() + span) };
  const to = end ?? now;
  return { from: new Date(to.getTime() - span), to };
}

/** GET requests: by ids (overriding every other filter), or by service codes, statuses and a window of
 * at most 90 days; newest first, at most 1000. */
export async function listRequests(ctx: AppContext, client: Open311Client, q: Open311RequestsQuery, lang: Language): Promise<Open311Value[]> {
  let filter: Open311Filter;
  if (q.service_request_id?.length) {
    filter = { ids: q.service_request_id as number[] };
  } else {
    const codes = (q.service_code ?? []) as string[];
    const statuses = (q.status ?? []) as string[];
    filter = {
      ...windowOf(q, new Date()),
      typeIds: codes.length ? codes.filter((c) => /^\d{1,9}$/.test(c)).map(Number) : null,
      statuses: statuses.length
        ? statuses.flatMap((s) => (s === "open" ? ["pending", "in_progress", "in_observation"] : ["solved", "false"]))
        : null,
    };
  }
  const rows = await listOpen311Requests(ctx.db, client.scope, filter, OPEN311_MAX_REQUESTS);
  return rows.map((r) => requestOf(r, client.companyName, lang));
}

/** GET requests/{id}: one request of the organisation, or 404 (never another's, a private or a deleted one). */
export async function getRequest(ctx: AppContext, client: Open311Client, id: string, lang: Language): Promise<Open311Value[]> {
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  const [row] = n > 0 && n <= 2147483647 ? await listOpen311Requests(ctx.db, client.scope, { ids: [n] }, 1) : [];
  if (!row) throw new Open311Error(404, "requestNotFound", { id });
  return [requestOf(row, client.companyName, lang)];
}

/** GET tokens/{token}: the request id behind a token, once the organisation has received it (404 before). */
export async function requestOfToken(ctx: AppContext, client: Open311Client, token: string): Promise<Open311Value[]> {
  const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token);
  const row = valid ? await findOpen311RequestByToken(ctx.db, client.scope, token) : undefined;
  if (!row) throw new Open311Error(404, "tokenNotFound");
  return [{ service_request_id: row.id, token: row.uuid }];
}

/** A retried POST with the same idempotency key answers the request it created: the key becomes the
 * report's clientId, derived per organisation so two organisations' keys never meet. */
function clientIdOf(companyId: number, idempotencyKey: string | undefined): string | undefined {
  if (!idempotencyKey) return undefined;
  const h = createHash("sha256").update(`open311:${companyId}:${idempotencyKey}`).digest("hex");
  // Shaped as a version-4-like UUID (the column's type); the bits are the hash's.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Where a request is: lat and long, or its address geocoded; address_id alone is not understood. */
async function placeOf(ctx: AppContext, body: Open311PostBody, lang: Language): Promise<{ latitude: number; longitude: number }> {
  if ((body.lat === undefined) !== (body.long === undefined)) throw new Open311Error(400, "latLongTogether");
  if (body.lat !== undefined && body.long !== undefined) return { latitude: body.lat, longitude: body.long };
  if (!body.address_string) {
    throw new Open311Error(400, body.address_id ? "addressIdUnsupported" : "locationRequired");
  }
  const query = usableAddress(body.address_string);
  if (!query) throw new Open311Error(400, "addressUnusable");
  try {
    const place = await geocode({ url: ctx.config.geocoderUrl, timeoutMs: ctx.config.geocoderTimeoutMs, contact: ctx.config.publicUrl }, query, lang);
    return { latitude: place.latitude, longitude: place.longitude };
  } catch (err) {
    // The geocoder being over its limit is worth a retry (503); anything else is the address.
    if (err instanceof AppError && err.code === "overQueryLimit") throw err;
    throw new Open311Error(400, "addressNotPlaced");
  }
}

/** What a POST answered: the request's id, or a token when the organisation hears of reports later. */
export type Open311Created = { service_request_id: number } | { token: string };

/** POST requests: a report enters the normal intake (routing to every organisation whose zones and
 * types cover it, the alarm, the live panel), marked as coming from Open311. The key's organisation
 * must attend the service and cover the place, or nothing is created (400). */
export async function createRequest(
  ctx: AppContext,
  client: Open311Client,
  body: Open311PostBody,
  idempotencyKey: string | undefined,
  lang: Open311Language,
): Promise<Open311Value[]> {
  const typeId = await requireService(ctx, client, body.service_code);
  const { latitude, longitude } = await placeOf(ctx, body, lang);
  const receiving = await receivingAt(ctx.db, client.scope, latitude, longitude);
  if (receiving.freemium) throw new Open311Error(400, "freemium");
  if (!receiving.inZone) throw new Open311Error(400, "outsideZones");
  const contact = body.email || body.first_name || body.last_name || body.phone
    ? { phone: body.phone ?? null, firstName: body.first_name ?? null, lastName: body.last_name ?? null, email: body.email ?? null }
    : null;
  const clientId = clientIdOf(client.companyId, idempotencyKey ?? body.idempotency_key);
  const [result] = await createAppReports(ctx, [
    {
      actor: null,
      body: {
        type: typeId,
        description: body.description ?? "",
        latitude,
        longitude,
        ...(body.address_string ? { address: body.address_string } : {}),
        anonymous: !contact,
        ...(clientId ? { clientId } : {}),
      },
      via: { source: "open311", contact, mediaUrl: body.media_url ?? null },
    },
  ]);
  const accountId = body.account_id ?? null;
  if (!result!.companies.includes(client.companyId)) {
    return [{ token: result!.uuid, service_notice: open311Message(lang, "delayedNotice"), account_id: accountId }];
  }
  return [{ service_request_id: result!.id, service_notice: null, account_id: accountId }];
}
