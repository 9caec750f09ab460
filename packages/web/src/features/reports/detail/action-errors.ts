import { GEOCODING_ERROR_CODES } from "@atalaya/shared";
import { isApiError } from "../../../lib/api";

/** Actions of the detail screen, each with its SPEC §8 per-module "could not …" sentence. */
export const DETAIL_ACTIONS = [
  "load",
  "update",
  "take",
  "close",
  "assign",
  "address",
  "makePrivate",
  "notify",
  "cancelNotification",
  "pdf",
  "share",
  "comment",
  "note",
  "like",
  "follow",
  "delete",
] as const;
export type DetailAction = (typeof DETAIL_ACTIONS)[number];

/** A translation function: key (and values) → text. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

// Codes whose server text carries details the portal's own text lacks (who took it, the size limit, the types).
const SERVER_TEXT_CODES = new Set(["alreadyTaken", "fileTooLarge", "invalidFileType"]);
const GEOCODING = new Set<string>(GEOCODING_ERROR_CODES);

/** Field errors of a 400 the detail explains itself. */
const FIELD_MESSAGES: Record<string, string> = {
  "repeatedOf:invalid_report": "reportDetail.close.invalidRepeated",
  "userId:invalid_member": "reportDetail.assign.invalidMember",
  "patrolId:invalid_member": "reportDetail.assign.invalidMember",
  "teamId:invalid_team": "reportDetail.assign.invalidTeam",
  "tagIds:invalid_tag": "reportDetail.form.invalidTag",
};

/**
 * The message to show when an action of the detail fails:
 * - the server's own text when it names something (who took the report, the upload limit);
 * - the SPEC §8 geocoding texts for an address change, a specific text for known field errors;
 * - the text of a 409's reason, or the portal's translation of the code;
 * - otherwise the action's "could not …" sentence followed by the SPEC §8 general text: "Validation
 *   errors: …" with the fields, "An unexpected error has occurred, please try again" (no response,
 *   a server fault, anything that is not an API error) or "Something went wrong, please try again."
 */
export function actionErrorMessage(error: unknown, action: DetailAction, t: Translate): string {
  const failed = t(`reportDetail.errors.${action}`);
  const unexpected = `${failed} ${t("errors.generalError")}`;
  if (!isApiError(error)) return unexpected;
  const code = error.code;
  if (code && SERVER_TEXT_CODES.has(code) && error.serverMessage) return error.serverMessage;
  if (code && GEOCODING.has(code)) return t(`reportDetail.addressErrors.${code}`);
  if (code === "validation") {
    for (const field of error.fields) {
      const key = FIELD_MESSAGES[`${field.field}:${field.code}`];
      if (key) return t(key);
    }
    // "Validation errors: …" naming the fields, as the API client worded it.
    return error.translated ? `${failed} ${error.message}` : `${failed} ${t("errors.actionFailed")}`;
  }
  if (error.reason) return error.translated ? error.message : t(`errors.reasons.${error.reason}`);
  if (error.translated && code !== "generalError") return error.message;
  if (error.status === 0 || error.status >= 500 || code === "generalError") return unexpected;
  return `${failed} ${t("errors.actionFailed")}`;
}

/** True for a 409 that means "someone changed the report since you loaded it". */
export function isVersionConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && (error.reason === "staleVersion" || error.code === "conflict");
}

/** True for the 409 of a second take. */
export function isAlreadyTaken(error: unknown): boolean {
  return isApiError(error) && (error.reason === "alreadyTaken" || error.code === "alreadyTaken");
}
