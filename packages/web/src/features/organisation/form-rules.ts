import type { FieldError } from "@atalaya/shared";
import type { ZodType } from "zod";

/** One form field's problem: its antd name path and the rule's code (a key of `organisation.rules`),
 * with the server's text when it sent one. */
export interface FieldProblem {
  name: (string | number)[];
  code: string;
  message?: string;
}

const pathOf = (field: string): (string | number)[] => field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The request body the shared schema makes of the form's values (trimmed, defaults applied), or the
 * first problem of each field: the same rules and codes the API applies. */
export function parseForm<T>(schema: ZodType<T>, values: unknown): { body: T } | { problems: FieldProblem[] } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".");
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ name: issue.path.filter((p): p is string | number => typeof p !== "symbol"), code: issue.message });
  }
  return { problems };
}

/** The server's field errors as form problems (its text, in the portal's language, comes along). */
export function serverProblems(fields: readonly FieldError[]): FieldProblem[] {
  return fields.map((f) => ({ name: pathOf(f.field), code: f.code, ...(f.message ? { message: f.message } : {}) }));
}
