import { USER_FIELD_MESSAGES, isUserFieldProblem, type FieldError, type Language, type SettingsResponse } from "@atalaya/shared";
import type { ZodType } from "zod";

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
