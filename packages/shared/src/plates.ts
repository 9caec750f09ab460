// Stolen-vehicle plate lookup (Chile, issue 17) and click-to-call (SPEC §6 phone-call gate): the plate
// formats the portal checks before asking and the API checks again, the lookup's result, the lookups
// log, the report's stolen-plate flag and the call request; SPEC §8 plate lookup codes and texts.
import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

/** The plate shapes Chile's vehicle registry issues (Registro Nacional de Vehículos Motorizados). */
export const PLATE_KINDS = ["car_old", "car_new", "motorcycle_old", "motorcycle_new"] as const;
export type PlateKind = (typeof PLATE_KINDS)[number];

// Since 2007 car plates use four letters from a set without vowels (so no word can be spelled) and
// without M, N, Ñ and Q (read as other letters): B C D F G H J K L P R S T V W X Y Z.
const NEW_CAR_LETTERS = "BCDFGHJKLPRSTVWXYZ";
const FORMATS: readonly { kind: PlateKind; pattern: RegExp }[] = [
  { kind: "car_old", pattern: /^[A-Z]{2}\d{4}$/ },
  { kind: "car_new", pattern: new RegExp(`^[${NEW_CAR_LETTERS}]{4}\\d{2}$`) },
  { kind: "motorcycle_old", pattern: /^[A-Z]{2}\d{3}$/ },
  { kind: "motorcycle_new", pattern: /^[A-Z]{3}\d{2}$/ },
];

/** A plate as written (spaces, dots, hyphens, the middle dot of the plate itself, any case) reduced to
 * its letters and digits in capitals: "bc·df-12" → "BCDF12". */
export function normalizePlate(input: string): string {
  return input.replace(/[\s.\-·•]/g, "").toUpperCase();
}

/** The plate normalised with its kind, or undefined when it is no Chilean format. */
export function parsePlate(input: string): { plate: string; kind: PlateKind } | undefined {
  const plate = normalizePlate(input);
  const format = FORMATS.find((f) => f.pattern.test(plate));
  return format ? { plate, kind: format.kind } : undefined;
}

/** How a plate is written on the vehicle: cars in pairs ("BC·DF·12"), motorcycles letters then digits
 * ("AB·123", "ABC·12"); anything else as given. */
export function formatPlate(plate: string): string {
  const kind = parsePlate(plate)?.kind;
  if (kind === "car_old" || kind === "car_new") return plate.match(/.{2}/g)!.join("·");
  if (kind === "motorcycle_old") return `${plate.slice(0, 2)}·${plate.slice(2)}`;
  if (kind === "motorcycle_new") return `${plate.slice(0, 3)}·${plate.slice(3)}`;
  return plate;
}

/** SPEC §8 plate lookup codes: the provider did not answer in time, refused the plate, or could not be reached. */
export const PLATE_ERROR_CODES = ["timeout", "validationFailed", "connectionFailed"] as const;
export type PlateErrorCode = (typeof PLATE_ERROR_CODES)[number];

/** How a lookup ended, as the log keeps it. */
export const PLATE_LOOKUP_RESULTS = ["stolen", "clear", ...PLATE_ERROR_CODES] as const;
export type PlateLookupResult = (typeof PLATE_LOOKUP_RESULTS)[number];

// The API's texts for the plate and call codes (PLATE_ERROR_CODES, plateFormat, phoneCallsDisabled,
// noPhoneNumber, callFailed), per language, are the `plates` catalogue (locales/<lang>/plates.json; SPEC
// §8's English text as written).

// A plate in the path: generous bounds so any wrong format reaches the format check (validationFailed).
const plateText = z.string().min(1).max(40);

/** GET /api/companies/{companyId}/plates/{plate}. */
export const plateParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  plate: plateText,
});

/** What the registry knows of the vehicle, when the police service answers with it. */
export const vehicleSchema = z.object({
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  color: z.string().nullable(),
  type: z.string().nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** One lookup's answer: whether the plate has a stolen-vehicle report, and the vehicle when known. */
export const plateLookupSchema = z.object({
  plate: z.string(),
  kind: z.enum(PLATE_KINDS),
  stolen: z.boolean(),
  vehicle: vehicleSchema.nullable(),
  /** When the police service answered (a cached answer keeps its time). */
  checkedAt: z.string(),
  /** Served from the short-lived cache (PLATE_CACHE_SECONDS) rather than a new question. */
  cached: z.boolean(),
});
export type PlateLookup = z.infer<typeof plateLookupSchema>;
export const plateLookupResponseSchema = z.object({ success: z.literal(true), lookup: plateLookupSchema });

export const PLATE_LOOKUPS_PAGE_SIZE = 20;

/** GET /api/companies/{companyId}/plate-lookups: the company's lookups, newest first (company admins). */
export const plateLookupsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PLATE_LOOKUPS_PAGE_SIZE),
  /** Only this plate (any writing of it). */
  plate: plateText.optional(),
});
export type PlateLookupsQuery = z.input<typeof plateLookupsQuerySchema>;

/** One logged lookup: who asked, when, which plate, and how it ended. */
export const plateLookupLogSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  plate: z.string(),
  result: z.enum(PLATE_LOOKUP_RESULTS),
  cached: z.boolean(),
  createdAt: z.string(),
});
export type PlateLookupLog = z.infer<typeof plateLookupLogSchema>;
export const plateLookupsResponseSchema = z.object({ success: z.literal(true), lookups: z.array(plateLookupLogSchema), total: z.number() });

/** POST /api/companies/{companyId}/reports/{id}/stolen-plate: flags the report with a plate the police
 * service reports stolen (the server asks again, from its cache, before flagging). */
export const stolenPlateBodySchema = z.object({ plate: plateText });

/** Whose phone a click-to-call dials: the community reporter's (the report's author) or the caller's
 * (the contact an operator took when creating the report). */
export const CALL_TARGETS = ["reporter", "caller"] as const;
export type CallTarget = (typeof CALL_TARGETS)[number];

/** How a started call ended, as the telephony service says and the activity log keeps. */
export const CALL_OUTCOMES = ["ringing", "answered", "busy", "noAnswer", "failed"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** POST /api/companies/{companyId}/reports/{id}/call (companies in the phone-call gate). */
export const callBodySchema = z.object({ to: z.enum(CALL_TARGETS) });
export const callResponseSchema = z.object({
  success: z.literal(true),
  call: z.object({ id: z.string(), to: z.enum(CALL_TARGETS), outcome: z.enum(CALL_OUTCOMES) }),
});
export type CallResponse = z.infer<typeof callResponseSchema>;
