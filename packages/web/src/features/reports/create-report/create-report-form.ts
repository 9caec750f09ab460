import { z } from "zod";
import {
  REPORT_CATEGORIES,
  REPORT_TYPES,
  isValidPhone,
  localizedName,
  type CreateCompanyReport,
  type FieldError,
  type InformerType,
  type Priority,
} from "@atalaya/shared";

/** Country calling codes offered for the caller's phone; Chile first (SPEC §1 default phone country). */
export const PHONE_PREFIXES = [
  { prefix: "+56", country: "CL" },
  { prefix: "+54", country: "AR" },
  { prefix: "+51", country: "PE" },
  { prefix: "+591", country: "BO" },
  { prefix: "+57", country: "CO" },
  { prefix: "+52", country: "MX" },
  { prefix: "+34", country: "ES" },
  { prefix: "+1", country: "US" },
] as const;
export const DEFAULT_PHONE_PREFIX = "+56";

/** Informer types in the order the form shows them (SPEC §2). */
export const FORM_INFORMER_TYPES: readonly InformerType[] = ["anonymous", "operator", "user"];

/** The fields of the form, named as the API names them (the location is one field for lat/lng). */
export type CreateReportField =
  | "type"
  | "description"
  | "priority"
  | "informerType"
  | "phone"
  | "firstName"
  | "lastName"
  | "email"
  | "address"
  | "location";

/** Keys of `createReport.fieldErrors` in the catalogues. */
export type FieldErrorKey = "required" | "phone" | "email" | "tooLong" | "invalid" | "typeUnavailable" | "location" | "outsideZones";

/** What the operator typed. */
export interface CreateReportValues {
  type: number | undefined;
  description: string;
  priority: Priority | undefined;
  informerType: InformerType;
  phonePrefix: string;
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  location: { latitude: number; longitude: number } | null;
}

/** Digits of a phone as typed ("9 1234-5678" → "912345678"). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** A number typed or pasted with its country code ("+56 9 8765 4321", "0056 9…") split into the listed
 * prefix it starts with and the local part; anything else stays with the chosen prefix. So a pasted
 * international number is never read as the chosen prefix followed by the country code again. */
export function splitPhone(prefix: string, value: string): { prefix: string; local: string } {
  const trimmed = value.trim();
  if (!/^(\+|00)/.test(trimmed)) return { prefix, local: value };
  const digits = phoneDigits(trimmed.replace(/^00/, ""));
  const known = PHONE_PREFIXES.map((p) => p.prefix).sort((a, b) => b.length - a.length);
  const match = known.find((p) => digits.startsWith(p.slice(1)));
  return match ? { prefix: match, local: digits.slice(match.length - 1) } : { prefix, local: value };
}

/** The phone error for a prefix and local number, or null when it is a valid number of that country
 * (mobile or landline: a caller may ring from either). */
export function phoneError(chosen: string, value: string): FieldErrorKey | null {
  const { prefix, local } = splitPhone(chosen, value);
  const digits = phoneDigits(local);
  if (digits === "") return "required";
  return isValidPhone(`${prefix}${digits}`) ? null : "phone";
}

const emailSchema = z.email();

/** Client-side checks of the create form (the server checks again and may answer field errors). */
export function validateCreateReport(values: CreateReportValues): Partial<Record<CreateReportField, FieldErrorKey>> {
  const errors: Partial<Record<CreateReportField, FieldErrorKey>> = {};
  if (values.type === undefined) errors.type = "required";
  if (values.description.trim() === "") errors.description = "required";
  else if (values.description.trim().length > 4000) errors.description = "tooLong";
  if (values.address.trim().length > 300) errors.address = "tooLong";
  if (values.location === null) errors.location = "location";
  if (values.informerType === "user") {
    const phone = phoneError(values.phonePrefix, values.phone);
    if (phone) errors.phone = phone;
    if (values.firstName.trim() === "") errors.firstName = "required";
    if (values.email.trim() !== "" && !emailSchema.safeParse(values.email.trim()).success) errors.email = "email";
  }
  return errors;
}

/** The POST body; contact fields only for a user informer, blanks left out. */
export function toCreatePayload(values: CreateReportValues & { type: number; location: { latitude: number; longitude: number } }): CreateCompanyReport {
  const payload: CreateCompanyReport = {
    type: values.type,
    description: values.description.trim(),
    latitude: values.location.latitude,
    longitude: values.location.longitude,
    informerType: values.informerType,
  };
  const address = values.address.trim();
  if (address) payload.address = address;
  if (values.priority) payload.priority = values.priority;
  if (values.informerType === "user") {
    const { prefix, local } = splitPhone(values.phonePrefix, values.phone);
    payload.phone = `${prefix}${phoneDigits(local)}`;
    payload.firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    if (lastName) payload.lastName = lastName;
    const email = values.email.trim();
    if (email) payload.email = email;
  }
  return payload;
}

const FIELD_ALIASES: Record<string, CreateReportField> = {
  type: "type",
  description: "description",
  priority: "priority",
  informerType: "informerType",
  phone: "phone",
  firstName: "firstName",
  lastName: "lastName",
  email: "email",
  address: "address",
  latitude: "location",
  longitude: "location",
};

function errorKeyOf(field: CreateReportField, code: string): FieldErrorKey {
  if (code === "outside_zones") return "outsideZones";
  if (field === "location") return "location";
  if (field === "type" && (code === "invalid_type" || code === "invalid_value")) return "typeUnavailable";
  if (field === "email" && (code === "invalid_format" || code === "invalid_string" || code === "invalid_email")) return "email";
  if (field === "phone" && (code === "invalid_format" || code === "invalid_phone")) return "phone";
  if (code === "too_small" || code === "required" || code === "custom" || code === "fieldMissing") return "required";
  if (code === "too_big") return "tooLong";
  return "invalid";
}

/** Places the server's `{error:{fields:[{field,code}]}}` on the form's fields (unknown fields are dropped). */
export function mapServerFieldErrors(fields: readonly FieldError[]): Partial<Record<CreateReportField, FieldErrorKey>> {
  const out: Partial<Record<CreateReportField, FieldErrorKey>> = {};
  for (const { field, code } of fields) {
    const name = FIELD_ALIASES[field.replace(/^body\./, "")];
    if (name && !out[name]) out[name] = errorKeyOf(name, code);
  }
  return out;
}

/** Active report types grouped by category (categories and types in catalogue order), for the type select;
 * only the `allowed` ones when the user is restricted to some types (SPEC §6: an empty list allows all). */
export function typeOptionGroups(lang: string, allowed: readonly number[] = []): { label: string; options: { value: number; label: string }[] }[] {
  return [...REPORT_CATEGORIES]
    .sort((a, b) => a.position - b.position)
    .map((category) => ({
      label: localizedName(category.nameLocalized, lang),
      options: REPORT_TYPES.filter((type) => type.category_id === category.id && type.active && (allowed.length === 0 || allowed.includes(type.id)))
        .sort((a, b) => a.position - b.position)
        .map((type) => ({ value: type.id, label: localizedName(type.nameLocalized, lang) })),
    }))
    .filter((group) => group.options.length > 0);
}
