import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

// Open311 GeoReport v2 (issue 18, http://wiki.open311.org/GeoReport_v2): the parameters its clients
// send. Answers are written as the specification shows them (JSON arrays, XML without a namespace),
// not through these schemas. "Optional" means an empty parameter is the same as a missing one.

/** The formats every Open311 resource is served in (`services.json`, `services.xml`). */
export const OPEN311_FORMATS = ["json", "xml"] as const;
export type Open311Format = (typeof OPEN311_FORMATS)[number];

/** Open311 statuses: pending, in_progress and in_observation are open; solved and false (repeated included) closed. */
export const OPEN311_STATUSES = ["open", "closed"] as const;
export type Open311Status = (typeof OPEN311_STATUSES)[number];

/** At most this many days between start_date and end_date, and the default window (the specification's 90). */
export const OPEN311_MAX_DAYS = 90;
/** At most this many requests in one answer (the specification's default query limit). */
export const OPEN311_MAX_REQUESTS = 1000;
/** Longest description the specification allows. */
export const OPEN311_DESCRIPTION_MAX = 4000;

const NO_CONTROL = /^[^\p{Cc}]*$/u;
// Line breaks and tabs, but no other control character.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const MULTILINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const empty = (v: unknown) => (v === "" ? undefined : v);
/** An optional parameter: empty counts as missing. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(empty, schema.optional());
const text = (max: number) => z.string().trim().max(max).regex(NO_CONTROL);
/** A comma-separated list of values of `item` (each at most 50 of them). */
const commaList = <T extends z.ZodType<unknown, unknown>>(item: T) =>
  optional(
    z
      .string()
      .max(2000)
      .transform((s): unknown[] => s.split(",").map((v) => v.trim()).filter(Boolean))
      .pipe(z.array(item).max(200)),
  );
const id = z.coerce.number().int().positive().max(MAX_ID);
/** A W3C date-time with its time zone (Z or ±hh:mm), as the specification requires. */
const w3Date = z.iso.datetime({ offset: true, local: false });

/** Who is asking: the organisation's API key, and the jurisdiction (the organisation's id) when given. */
const credentials = {
  api_key: optional(z.string().max(200)),
  jurisdiction_id: optional(z.string().max(100)),
};

export const open311FormatParamsSchema = z.object({ format: z.enum(OPEN311_FORMATS) });
export const open311ServiceParamsSchema = z.object({ code: z.string().max(50), format: z.enum(OPEN311_FORMATS) });
export const open311RequestParamsSchema = z.object({ id: z.string().max(50), format: z.enum(OPEN311_FORMATS) });
export const open311TokenParamsSchema = z.object({ token: z.string().max(100), format: z.enum(OPEN311_FORMATS) });

/** Query of every Open311 read but discovery. */
export const open311QuerySchema = z.object(credentials);

/** GET requests.{format}: a list of ids overrides every other filter; dates at most 90 days apart. */
export const open311RequestsQuerySchema = z.object({
  ...credentials,
  service_request_id: commaList(id),
  service_code: commaList(z.string().max(50)),
  start_date: optional(w3Date),
  end_date: optional(w3Date),
  status: commaList(z.enum(OPEN311_STATUSES)),
});
export type Open311RequestsQuery = z.infer<typeof open311RequestsQuerySchema>;

const attributeValue = z.union([text(1000), z.array(text(1000)).max(50)]);

/** POST requests.{format} (form-encoded, or JSON): the service, a place (lat and long, or an address),
 * what happened and, optionally, who tells. `idempotency_key` (or the Idempotency-Key header) makes a
 * retried POST answer the request it already created. */
export const open311PostBodySchema = z.object({
  ...credentials,
  service_code: z.string().trim().min(1).max(50),
  lat: optional(z.coerce.number().min(-90).max(90)),
  long: optional(z.coerce.number().min(-180).max(180)),
  address_string: optional(text(300)),
  address_id: optional(text(100)),
  attribute: optional(z.record(z.string().max(100), attributeValue)),
  description: optional(z.string().trim().max(OPEN311_DESCRIPTION_MAX).regex(MULTILINE)),
  media_url: optional(z.url({ protocol: /^https?$/ }).max(2000)),
  email: optional(z.email().max(200)),
  first_name: optional(text(100)),
  last_name: optional(text(100)),
  phone: optional(text(50)),
  device_id: optional(text(200)),
  account_id: optional(text(200)),
  idempotency_key: optional(z.string().min(1).max(200).regex(NO_CONTROL)),
});
export type Open311PostBody = z.infer<typeof open311PostBodySchema>;
