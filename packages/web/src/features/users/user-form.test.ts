import { describe, expect, it } from "vitest";
import { userCreateBodySchema } from "@atalaya/shared";
import { apiFieldProblems, displayName, schemaProblems } from "./user-form";

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
