import { describe, expect, it } from "vitest";
import type { FormInstance } from "antd";
import { userCreateBodySchema, userPasswordBodySchema, userUpdateBodySchema } from "@atalaya/shared";
import { apiFieldProblems, clearChangedErrors, displayName, requiredFields, schemaProblems, showProblems } from "./user-form";

/** The part of an antd form the helpers use: its fields' errors, kept in a map. */
function fakeForm(errors: Record<string, string[]>): FormInstance {
  return {
    getFieldsError: () => Object.entries(errors).map(([name, e]) => ({ name: [name], errors: e, warnings: [] })),
    getFieldError: (name: string) => errors[name] ?? [],
    setFields: (fields: { name: string | string[]; errors?: string[] }[]) => {
      for (const f of fields) errors[Array.isArray(f.name) ? f.name[0]! : f.name] = f.errors ?? [];
    },
  } as unknown as FormInstance;
}

describe("user form", () => {
  it("shows the shared schema's problems in the user's language", () => {
    const values = { email: "x", first_name: "Al", last_name: "Pérez", phone: "1", social_number: "12.345.678-4", password: "Segura-2026", password_confirmation: "Otra" };
    expect(schemaProblems(userCreateBodySchema, values, "es")).toEqual({
      email: "Debe ser un correo electrónico válido",
      first_name: "Debe tener al menos 3 caracteres",
      phone: "El teléfono no es válido",
      social_number: "El RUT no es válido",
      role: "Debes seleccionar un rol",
      password_confirmation: "La confirmación de la contraseña no coincide",
    });
  });
  it("marks as required what the schema refuses to miss: SPEC §5's e-mail, names, role and password, not phone, RUT or restrictions", () => {
    expect([...requiredFields(userCreateBodySchema)].sort()).toEqual(["email", "first_name", "last_name", "password", "password_confirmation", "role"]);
    expect([...requiredFields(userPasswordBodySchema)].sort()).toEqual(["password", "password_confirmation"]);
    expect(requiredFields(userUpdateBodySchema).size).toBe(0);
  });
  it("has no problem with a new member given only e-mail, names, role and password", () => {
    const values = { email: "ana@demo.cl", first_name: "Ana", last_name: "Pérez", role: "operator", password: "Segura-2026", password_confirmation: "Segura-2026", phone: "", social_number: undefined, zones: [], reportTypes: [] };
    expect(schemaProblems(userCreateBodySchema, values, "es")).toEqual({});
  });
  it("shows a new check's problems and takes the errors off the fields that were fixed", () => {
    const errors = { email: ["Debe ser un correo electrónico válido"], phone: ["El teléfono no es válido"], role: [] as string[] };
    showProblems(fakeForm(errors), { role: "Debes seleccionar un rol" });
    expect(errors).toEqual({ email: [], phone: [], role: ["Debes seleccionar un rol"] });
  });
  it("clears the error of a changed field, and the confirmation's when its password changes", () => {
    const errors = { first_name: ["corto"], last_name: ["corto"], password: [] as string[], password_confirmation: ["no coincide"] };
    const form = fakeForm(errors);
    clearChangedErrors(form, { first_name: "Ana" });
    expect(errors).toEqual({ first_name: [], last_name: ["corto"], password: [], password_confirmation: ["no coincide"] });
    clearChangedErrors(form, { password: "Segura-2026" });
    expect(errors.password_confirmation).toEqual([]);
    expect(errors.last_name).toEqual(["corto"]);
  });
  it("puts the API's field errors on their fields, with the server's text or the shared one", () => {
    expect(apiFieldProblems([{ field: "email", code: "email_taken" }, { field: "zones.0", code: "x", message: "La zona" }, { field: "q", code: "too_big" }], "en")).toEqual({
      email: "This e-mail already belongs to a member of the organisation",
      zones: "La zona",
    });
  });
  it("names a member by name, else e-mail", () => {
    expect(displayName({ first_name: "", last_name: "", email: "a@b.cl" })).toBe("a@b.cl");
  });
});
