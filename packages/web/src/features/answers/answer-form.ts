import {
  automaticAnswerBodySchema,
  localizedName,
  reportTypeById,
  type AutomaticAnswer,
  type AutomaticAnswerBody,
  type FieldError,
  type SettingsResponse,
} from "@atalaya/shared";

/** Answer type of a plain reply; the server's default for answers created without one. */
export const DEFAULT_ANSWER_TYPE = "comment";

/** Values of the answer form: `reportType` null = any type. */
export interface AnswerFormValues {
  title: string;
  answer: string;
  answerType: string;
  reportType: number | null;
  usableInManagement: boolean;
  usableInClosure: boolean;
}

/** Fields the form shows, in screen order (server field errors on other names are shown as a toast). */
export const ANSWER_FORM_FIELDS = ["title", "answer", "answerType", "reportType", "usableInManagement", "usableInClosure"] as const;
export type AnswerFormField = (typeof ANSWER_FORM_FIELDS)[number];

/** Form values to edit `answer`, or the defaults of a new one (usable in both places, any type). */
export function answerFormValues(answer?: AutomaticAnswer | null): AnswerFormValues {
  if (!answer)
    return { title: "", answer: "", answerType: DEFAULT_ANSWER_TYPE, reportType: null, usableInManagement: true, usableInClosure: true };
  return {
    title: answer.title,
    answer: answer.answer,
    answerType: answer.answerType,
    reportType: answer.reportType,
    usableInManagement: answer.usableInManagement,
    usableInClosure: answer.usableInClosure,
  };
}

/** Body of POST/PUT with texts trimmed, or the names of the required fields left empty (SPEC §5). */
export function answerBody(values: AnswerFormValues): { body: AutomaticAnswerBody } | { missing: AnswerFormField[] } {
  const parsed = automaticAnswerBodySchema.safeParse({
    title: values.title,
    answer: values.answer,
    answerType: values.answerType,
    reportType: values.reportType,
    usableInManagement: values.usableInManagement,
    usableInClosure: values.usableInClosure,
  });
  if (parsed.success) return { body: { ...parsed.data, reportType: parsed.data.reportType ?? null } };
  const missing = new Set<AnswerFormField>();
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && isFormField(field)) missing.add(field);
  }
  return { missing: ANSWER_FORM_FIELDS.filter((field) => missing.has(field)) };
}

function isFormField(name: string): name is AnswerFormField {
  return (ANSWER_FORM_FIELDS as readonly string[]).includes(name);
}

/** Server field errors split into those a form field shows (`body.title` and `title` both name the title) and the rest. */
export function splitFieldErrors(fields: readonly FieldError[]): { byField: Partial<Record<AnswerFormField, string>>; other: FieldError[] } {
  const byField: Partial<Record<AnswerFormField, string>> = {};
  const other: FieldError[] = [];
  for (const error of fields) {
    const name = error.field.replace(/^body[./]/, "").split(/[./[]/)[0] ?? "";
    if (isFormField(name)) byField[name] ??= error.code;
    else other.push(error);
  }
  return { byField, other };
}

/** The report type's catalogue name (French reads English), `#id` for an unknown id, or null for any type. */
export function answerTypeName(reportType: number | null, lang: string): string | null {
  if (reportType === null) return null;
  const type = reportTypeById(reportType);
  return type ? localizedName(type.nameLocalized, lang) : `#${reportType}`;
}

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Answers whose title, text or report type name contains every word of `search` (case and accents ignored). */
export function filterAnswers(answers: readonly AutomaticAnswer[], search: string, lang: string, anyTypeLabel: string): AutomaticAnswer[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...answers];
  return answers.filter((answer) => {
    const haystack = fold([answer.title, answer.answer, answerTypeName(answer.reportType, lang) ?? anyTypeLabel].join(" "));
    return words.every((word) => haystack.includes(word));
  });
}

/** Distinct answer types for the form's suggestions: the default first, then those already in use, sorted. */
export function answerTypeSuggestions(answers: readonly AutomaticAnswer[]): string[] {
  const used = new Set(answers.map((answer) => answer.answerType.trim()).filter(Boolean));
  used.delete(DEFAULT_ANSWER_TYPE);
  return [DEFAULT_ANSWER_TYPE, ...[...used].sort((a, b) => a.localeCompare(b))];
}

/** True when the signed-in user administers the current organisation (only they may edit answers). */
export function canManageAnswers(settings: Pick<SettingsResponse, "user" | "company">): boolean {
  return settings.user.companies.some((company) => company.id === settings.company.id && company.role === "company_admin");
}

/** The composer text after inserting a picked answer: the answer alone, or appended on a new paragraph. */
export function insertAnswerText(current: string, answer: string): string {
  const text = answer.trim();
  if (!text) return current;
  const before = current.replace(/\s+$/, "");
  return before ? `${before}\n\n${text}` : text;
}
