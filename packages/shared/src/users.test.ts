import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "./constants.js";
import { GROUPS, ROLE_NAME_BY_GROUP, grantableRoles, mayChangeRole, memberRoleName, roleName } from "./roles.js";
import es from "../locales/es/users.json" with { type: "json" };
import en from "../locales/en/users.json" with { type: "json" };
import fr from "../locales/fr/users.json" with { type: "json" };
import { USER_FIELD_PROBLEMS, userCreateBodySchema, userPasswordBodySchema, userUpdateBodySchema, type UserFieldProblem } from "./users.js";

const valid = {
  email: "nueva@demo.cl",
  first_name: "Ana",
  last_name: "Pérez",
  phone: "+56 9 8765 4321",
  social_number: "12.345.678-5",
  role: "operator",
  password: "Segura-2026",
  password_confirmation: "Segura-2026",
};
const problems = (input: unknown) => {
  const r = userCreateBodySchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("user create schema (SPEC §5 profile rules)", () => {
  it("accepts a valid profile, a Chilean phone written without its prefix, and defaults the restrictions to none", () => {
    expect(userCreateBodySchema.parse(valid)).toMatchObject({ zones: [], reportTypes: [] });
    expect(problems({ ...valid, phone: "9 8765 4321" })).toEqual({});
  });
  it("names each broken rule on its field", () => {
    expect(problems({ ...valid, first_name: "Al" })).toEqual({ first_name: "name_too_short" });
    expect(problems({ ...valid, last_name: "  Li  " })).toEqual({ last_name: "name_too_short" });
    expect(problems({ ...valid, social_number: "12.345.678-4" })).toEqual({ social_number: "invalid_rut" });
    expect(problems({ ...valid, phone: "12" })).toEqual({ phone: "invalid_phone" });
    expect(problems({ ...valid, email: "no-es-correo" })).toEqual({ email: "invalid_email" });
    expect(problems({ ...valid, role: undefined })).toEqual({ role: "role_required" });
    expect(problems({ ...valid, role: "root" })).toEqual({ role: "role_required" });
    expect(problems({ ...valid, password: "corta", password_confirmation: "corta" })).toEqual({ password: "password_length" });
    expect(problems({ ...valid, password_confirmation: "Otra-2026" })).toEqual({ password_confirmation: "password_mismatch" });
  });
  it("requires e-mail, names, role, password and confirmation; phone and RUT only when given (SPEC §5: valid)", () => {
    const { email, first_name, last_name, role, password, password_confirmation } = valid;
    const bare = { email, first_name, last_name, role, password, password_confirmation };
    expect(userCreateBodySchema.parse(bare)).not.toHaveProperty("phone");
    expect(userCreateBodySchema.parse({ ...bare, phone: " ", social_number: "" })).toMatchObject({ phone: null, social_number: null });
    expect(problems({})).toEqual({
      email: "invalid_email",
      first_name: "name_too_short",
      last_name: "name_too_short",
      role: "role_required",
      password: "password_length",
      password_confirmation: "password_mismatch",
    });
  });
  it("takes a blank phone or RUT on an edit as clearing it", () => {
    expect(userUpdateBodySchema.parse({ phone: "", social_number: "   " })).toEqual({ phone: null, social_number: null });
    expect(userUpdateBodySchema.safeParse({ phone: "12" }).success).toBe(false);
  });
  it("reports a mismatching confirmation together with the other problems", () => {
    expect(problems({ ...valid, first_name: "A", password_confirmation: "x" })).toEqual({ first_name: "name_too_short", password_confirmation: "password_mismatch" });
  });
  it("update takes any part, refuses unknown fields and an empty body; password needs its confirmation", () => {
    expect(userUpdateBodySchema.safeParse({ zones: [1] }).success).toBe(true);
    expect(userUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(userUpdateBodySchema.safeParse({ groups: [1] }).success).toBe(false);
    expect(userUpdateBodySchema.safeParse({ timezone: "Mars/Base" }).success).toBe(false);
    expect(userUpdateBodySchema.safeParse({ timezone: "America/Santiago", settings: { onlyAssignedReports: true } }).success).toBe(true);
    expect(userPasswordBodySchema.safeParse({ password: "Segura-2026", password_confirmation: "Segura-2027" }).success).toBe(false);
  });
  it("has every message in es, en and fr", () => {
    // The `users` catalogue (locales/<lang>/users.json): a text for each problem, and nothing else.
    const USER_FIELD_MESSAGES: Record<Language, Record<UserFieldProblem, string>> = { es, en, fr };
    for (const lang of LANGUAGES) for (const p of USER_FIELD_PROBLEMS) expect(USER_FIELD_MESSAGES[lang][p], `${lang} ${p}`).toBeTruthy();
    for (const lang of LANGUAGES) expect(Object.keys(USER_FIELD_MESSAGES[lang]).sort(), lang).toEqual([...USER_FIELD_PROBLEMS].sort());
    expect(USER_FIELD_MESSAGES.en.invalid_email).toBe("Must be a valid email address");
  });
});

describe("roles (SPEC §6)", () => {
  it("maps every numeric group to its name, several groups to Root", () => {
    expect(ROLE_NAME_BY_GROUP).toEqual({ 1: "Super admin", 2: "Client", 3: "Operator", 4: "Patrol", 10: "Admin", 13: "Guest", 100: "Root" });
    expect(roleName([1, 3])).toBe("Root");
    expect(memberRoleName([2], "company_admin")).toBe("Admin");
    expect(memberRoleName([3, 4], "patrol")).toBe("Root");
  });
  it("lets platform admins and group 10 grant every company role, a company's admin operators and patrols only", () => {
    expect(grantableRoles({ groups: [GROUPS.root], role: null })).toEqual(["company_admin", "operator", "patrol"]);
    expect(grantableRoles({ groups: [GROUPS.admin], role: null })).toEqual(["company_admin", "operator", "patrol"]);
    expect(grantableRoles({ groups: [GROUPS.companyAdmin], role: "company_admin" })).toEqual(["company_admin", "operator", "patrol"]);
    expect(grantableRoles({ groups: [GROUPS.client], role: "company_admin" })).toEqual(["operator", "patrol"]);
    expect(grantableRoles({ groups: [GROUPS.operator], role: "operator" })).toEqual([]);
    const companyAdmin = { groups: [GROUPS.client], role: "company_admin" as const };
    expect(mayChangeRole(companyAdmin, "operator", "patrol")).toBe(true);
    expect(mayChangeRole(companyAdmin, null, "company_admin")).toBe(false);
    expect(mayChangeRole(companyAdmin, "company_admin", "operator")).toBe(false);
  });
});
