import { SHIFT_NAME_MAX, TIME_OF_DAY_PATTERN, type FieldError, type ShiftBody } from "@atalaya/shared";

/** The fields of the shift form. */
export type ShiftField = "name" | "start_time" | "end_time";

/** What went wrong with a field: missing, equal to the start, a name another shift has, or else. */
export type ShiftFieldProblem = "required" | "sameTime" | "nameTaken" | "invalid";

const seconds = (hhmmss: string): number => {
  const [h, m, s] = hhmmss.split(":").map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
};

/** True when a shift ends before it starts, so it ends the next day (22:00:00 to 06:00:00). */
export function crossesMidnight(start: string, end: string): boolean {
  return seconds(end) < seconds(start);
}

/** How long a shift lasts, in seconds (across midnight when it ends before it starts). */
export function shiftLength(start: string, end: string): number {
  const length = seconds(end) - seconds(start);
  return length <= 0 ? length + 86_400 : length;
}

/** The request body of the form's values, or the fields' problems (the rules of `shiftBodySchema`). */
export function shiftBody(values: { name?: string; start_time?: string | null; end_time?: string | null }):
  | { body: ShiftBody }
  | { problems: Partial<Record<ShiftField, ShiftFieldProblem>> } {
  const name = (values.name ?? "").trim();
  const start = values.start_time ?? "";
  const end = values.end_time ?? "";
  const problems: Partial<Record<ShiftField, ShiftFieldProblem>> = {};
  if (!name) problems.name = "required";
  else if (name.length > SHIFT_NAME_MAX || /\p{Cc}/u.test(name)) problems.name = "invalid";
  if (!start) problems.start_time = "required";
  else if (!TIME_OF_DAY_PATTERN.test(start)) problems.start_time = "invalid";
  if (!end) problems.end_time = "required";
  else if (!TIME_OF_DAY_PATTERN.test(end)) problems.end_time = "invalid";
  else if (start === end) problems.end_time = "sameTime";
  if (Object.keys(problems).length > 0) return { problems };
  return { body: { name, start_time: start, end_time: end } };
}

/** The server's field errors on the form's fields: a name another shift has (409 `taken`) and the rest. */
export function shiftFieldProblems(fields: readonly FieldError[]): Partial<Record<ShiftField, ShiftFieldProblem>> {
  const problems: Partial<Record<ShiftField, ShiftFieldProblem>> = {};
  for (const f of fields) {
    if (f.field !== "name" && f.field !== "start_time" && f.field !== "end_time") continue;
    if (problems[f.field]) continue;
    // The end equal to the start fails the schema's refinement, which the API reports as code "custom".
    const sameTime = f.field === "end_time" && (f.code === "same_as_start" || f.code === "custom");
    problems[f.field] = f.field === "name" && f.code === "taken" ? "nameTaken" : sameTime ? "sameTime" : "invalid";
  }
  return problems;
}
