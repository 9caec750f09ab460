import type { TFunction } from "i18next";
import { isApiError } from "../../lib/api";

const LOOKUP_CODES = ["timeout", "connectionFailed", "validationFailed"] as const;
const CALL_CODES = ["phoneCallsDisabled", "noPhoneNumber", "callFailed"] as const;

/** The text of a failed lookup: the SPEC §8 text of its code, else a general retry text. */
export function lookupErrorText(error: unknown, t: TFunction): string {
  const code = isApiError(error) ? error.code : null;
  return (LOOKUP_CODES as readonly (string | null)[]).includes(code) ? t(`plates.errors.${code as (typeof LOOKUP_CODES)[number]}`) : t("plates.errors.generic");
}

/** The text of a failed call: its code's text, else a general retry text. */
export function callErrorText(error: unknown, t: TFunction): string {
  const code = isApiError(error) ? error.code : null;
  return (CALL_CODES as readonly (string | null)[]).includes(code) ? t(`plates.call.errors.${code as (typeof CALL_CODES)[number]}`) : t("plates.call.errors.generic");
}
