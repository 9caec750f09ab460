import { z } from "./zod.js";
import { REPORT_LIFE_REASON_CODES } from "./report-life-reasons.js";

/** Error codes the API answers with; the web client translates each one. */
export const ERROR_CODES = [
  "validation",
  "generalError",
  "notAuthenticated",
  "forbidden",
  "notFound",
  "userNotFound",
  "wrongPassword",
  "invalidRole",
  "fieldMissing",
  "tooManyAttempts",
  "accountLocked",
  "invalidTicket",
  "alreadyTaken",
  "invalidTransition",
  "conflict",
  // Address change (SPEC §8 geocoding).
  "overQueryLimit",
  "unknow",
  "noResults",
  "noRegisteredAddress",
  "notInZone",
  // Uploads (SPEC §8 image upload: wrong type, too big, unknown).
  "invalidFileType",
  "fileTooLarge",
  "tooManyImages",
  "uploadFailed",
  // Too many uploads in progress on this server process: 503 with Retry-After.
  "tooManyUploads",
  // The file store (local directory or S3 bucket) cannot be reached: 503 with Retry-After, nothing stored.
  "fileStoreUnavailable",
  // An upload that stalled or crawled below the minimum rate (UPLOAD_STALL_MS, UPLOAD_MIN_BYTES_PER_SECOND): 408.
  "uploadTooSlow",
  // Spreadsheet export (SPEC §8 export: no reports between these dates, file could not be downloaded).
  "noReportsToExport",
  "exportFileUnavailable",
  // The database cannot be reached right now: 503 with Retry-After.
  "serviceUnavailable",
  // A public door's rate limit: 429 with Retry-After.
  "tooManyRequests",
  // A drawn zone that cannot be one (SPEC §5/§9: fewer than 3 points, no area, over the maximum area).
  "zoneTooFewPoints",
  "zoneEmptyArea",
  "zoneSelfIntersects",
  "zoneTooLarge",
  // SPEC §6: a role the actor may not grant ("You do not have permission to change this role").
  "roleChangeForbidden",
  // Company settings, modules and freemium (issue 12).
  "moduleDisabled",
  "observerCompany",
  "freemiumLimit",
  "invalidNumber",
  "providerOnly",
  // A report closed to new community comments (turnOffComments, issue 17).
  "commentsTurnedOff",
  // Mass messages (issue 15): an action its state does not allow (409, reason messageState).
  "messageInvalidState",
  // Plate lookup (SPEC §8: timeout, validationFailed, connectionFailed) and click-to-call (issue 17).
  "timeout",
  "validationFailed",
  "connectionFailed",
  "phoneCallsDisabled",
  // SPEC §6 "blocking users without role": locking community users is a feature of the gate's companies.
  "blockingUsersDisabled",
  "noPhoneNumber",
  "callFailed",
  // Issue 16: a section of a report's form assigned to other members (sectionsUsers).
  "sectionNotAssigned",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Why a 409 refused an action, carried in the error body's `reason` next to its `code`; the portal
 * shows the reason's own text. Every reason the server throws is listed here, once.
 */
export const CONFLICT_REASONS = [
  /** A colleague took the pending report first. */
  "alreadyTaken",
  /** The report must be taken (in progress or in observation) first. */
  "notTaken",
  /** The citizen who sent the report deleted it: it can only be closed. */
  "deletedByAuthor",
  /** A company admin deleted the report for the organisation: it can no longer be worked. */
  "deletedByAdmin",
  /** The report is already closed (solved or not applicable). */
  "alreadyClosed",
  /** The report is closed, so the action no longer applies. */
  "closed",
  /** Someone saved the report after this copy was loaded. */
  "staleVersion",
  /** Changing the type to drugs makes the report private and anonymous: it must be confirmed. */
  "confirmDrugs",
  /** The report is already private. */
  "alreadyPrivate",
  /** A private report has no public link. */
  "privateReport",
  /** The neighbours are already being notified. */
  "alreadyNotified",
  /** There is no neighbours' notification to cancel. */
  "notNotified",
  /** A report the company created keeps the address it was given. */
  "createdByCompany",
  /** Another zone of the company has that name. */
  "zoneNameTaken",
  /** Members are restricted to the zone: it cannot be deleted while they are. */
  "zoneInUse",
  /** The global zone (SPEC §9 id 173) stands for everywhere: it has no shape to edit. */
  "globalZone",
  /** The company already attends the global zone. */
  "alreadyGlobal",
  /** Another team, tag or source of the company has that name (SPEC §5: unique). */
  "teamNameTaken",
  "tagNameTaken",
  "sourceNameTaken",
  /** Another form category (or subcategory of the same category) has that name (SPEC §5). */
  "categoryNameTaken",
  /** An administrator cannot lock, remove, delete or change the role of their own account. */
  "ownAccount",
  /** The account belongs to other companies too: its profile, password, lock and deletion are not one
   * company's to change. */
  "sharedAccount",
  /** Review, gathering, rating and substatus refusals (issue 17, report-life-reasons.ts). */
  ...REPORT_LIFE_REASON_CODES,
  /** An operator closed the report to new community comments (turnOffComments). */
  "commentsTurnedOff",
  /** The author already wrote that same text on the report (an edit would duplicate it). */
  "duplicateText",
  /** Mass messages (issue 15): the action is not allowed from the message's state. */
  "messageState",
  /** Another custom message zone of the company has that name (SPEC §5). */
  "messageZoneNameTaken",
  /** A message still uses the custom zone. */
  "messageZoneInUse",
  /** The police service does not report the plate stolen, so the report cannot carry the flag. */
  "plateNotStolen",
  /** Issue 17: a disabled asset's page takes no report. */
  "assetDisabled",
  /** Issue 17: a disabled safe tag can never be linked again (disabling is final). */
  "safetagDisabled",
  /** Issue 17: the safe tag is already linked to another account. */
  "safetagLinked",
  /** Issue 17: the safe tag is not linked to anyone (nobody to write to, nothing to unlink). */
  "safetagNotLinked",
] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];
export const conflictReasonSchema = z.enum(CONFLICT_REASONS);

/** True for a reason of CONFLICT_REASONS. */
export function isConflictReason(value: unknown): value is ConflictReason {
  return typeof value === "string" && (CONFLICT_REASONS as readonly string[]).includes(value);
}

export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  /** The problem's text in the caller's language, for the codes that have one (USER_FIELD_PROBLEMS). */
  message: z.string().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every failed API call. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    /** For a 409: why (CONFLICT_REASONS). */
    reason: conflictReasonSchema.optional(),
    message: z.string().optional(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Exact text of SPEC §8 for calls without a valid token. */
export const NOT_AUTHENTICATED_MESSAGE = "user not authenticated";
