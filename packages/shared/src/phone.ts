import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { DEFAULT_PHONE_COUNTRY } from "./constants.js";

// A phone written without its international prefix is read as one of DEFAULT_PHONE_COUNTRY (SPEC §1).

/** True for a possible and valid number of its country, written in international form (+56 9 …). */
export function isValidPhone(value: string): boolean {
  return value.trim().startsWith("+") && parsePhoneNumberFromString(value)?.isValid() === true;
}

/** A phone as people read it ("+56 9 8765 4321"); a number that cannot be read is shown as stored. */
export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/** The `tel:` form of a phone (E.164 when it can be read). */
export function phoneHref(value: string): string {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  return `tel:${parsed?.isValid() ? parsed.number : value.replace(/[^\d+]/g, "")}`;
}

/** A phone in international form ("+56 9 8765 4321"), read as Chilean when written without its prefix
 * (SPEC §1 default country); null when it is not a valid number. */
export function normalizePhone(value: string): string | null {
  const text = value.trim();
  if (!/^\+?[\d ().-]{6,30}$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.formatInternational() : null;
}
