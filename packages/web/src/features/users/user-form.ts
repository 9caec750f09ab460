import { isUserFieldProblem, type FieldError, type Language, type SettingsResponse, type UserFieldProblem } from "@atalaya/shared";
import es from "@atalaya/shared/locales/es/users.json";
import en from "@atalaya/shared/locales/en/users.json";
import fr from "@atalaya/shared/locales/fr/users.json";
import type { FormInstance } from "antd";
import type { ZodType } from "zod";

/** The SPEC §5 profile rules' texts (the `users` catalogue, which the API answers with too); a problem
 * without its text is a compile error. */
const USER_FIELD_MESSAGES: Readonly<Record<Language, Readonly<Record<UserFieldProblem, string>>>> = { es, en, fr };

/** Texts of the fields' problems, by field name. */
export type FieldProblems = Record<string, string>;

/** True when the signed-in user administers the current company's users (its company admins). */
export function canManageUsers(settings: Pick<SettingsResponse, "user" | "company">): boolean {
  return settings.user.companies.some((company) => company.id === settings.company.id && company.role === "company_admin");
}

/** The problems a shared schema finds in the form's values, as texts in the user's language (the same
 * rules and texts the API answers with). */
export function schemaProblems(schema: ZodType, values: unknown, lang: Language): FieldProblems {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const problems: FieldProblems = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || problems[field]) continue;
    problems[field] = isUserFieldProblem(issue.message) ? USER_FIELD_MESSAGES[lang][issue.message] : USER_FIELD_MESSAGES[lang].invalid_text;
  }
  return problems;
}

/** The fields a shared object schema cannot do without: what a form marks as required, so the marks
 * say what the check before sending (and the API) will refuse. */
export function requiredFields(schema: { shape: Readonly<Record<string, ZodType>> }): ReadonlySet<string> {
  return new Set(Object.entries(schema.shape).filter(([, field]) => !field.safeParse(undefined).success).map(([name]) => name));
}

/** Shows a check's problems on the form: each field its problem, or none once it is right, so an error
 * never stays on a field that was fixed. */
export function showProblems(form: FormInstance, problems: FieldProblems): void {
  form.setFields(form.getFieldsError().map(({ name }) => {
    const problem = problems[String(name[0])];
    return { name, errors: problem ? [problem] : [] };
  }));
}

// A confirmation's mismatch is about its password too.
const ALSO_CLEARS: Readonly<Record<string, readonly string[]>> = { password: ["password_confirmation"] };

/** Clears the errors of the fields the user just changed (a form's `onValuesChange`): each spoke of a
 * value that is gone; the next check says whether the new one is right. */
export function clearChangedErrors(form: FormInstance, changed: object): void {
  const names = Object.keys(changed).flatMap((name) => [name, ...(ALSO_CLEARS[name] ?? [])]);
  form.setFields(names.filter((name) => form.getFieldError(name).length > 0).map((name) => ({ name, errors: [] })));
}

/** The API's field errors as texts: its own translated message, else the shared text of its code. */
export function apiFieldProblems(fields: readonly FieldError[], lang: Language): FieldProblems {
  const problems: FieldProblems = {};
  for (const f of fields) {
    const field = f.field.split(".")[0]!;
    if (problems[field]) continue;
    const text = f.message ?? (isUserFieldProblem(f.code) ? USER_FIELD_MESSAGES[lang][f.code] : undefined);
    if (text) problems[field] = text;
  }
  return problems;
}

/** The name shown for a member ("Ana Pérez", or the e-mail of an account without a name). */
export function displayName(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
