import { describe, expect, it } from "vitest";
import { ERROR_CODES, EVENT_TYPES } from "@atalaya/shared";
import { es } from "./locales/es";
import { en } from "./locales/en";
import { fr } from "./locales/fr";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== "object" || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe("catalogues", () => {
  it("have the same keys in es, en and fr, none empty", () => {
    const reference = keys(es).sort();
    expect(keys(en).sort()).toEqual(reference);
    expect(keys(fr).sort()).toEqual(reference);
    for (const catalogue of [es, en, fr]) {
      for (const text of leaves(catalogue)) expect(typeof text === "string" && text.trim().length > 0).toBe(true);
    }
  });

  it("translate every server error code and every real-time event type", () => {
    for (const code of ERROR_CODES) expect(es.errors).toHaveProperty(code);
    for (const type of EVENT_TYPES) expect(es.eventTypes).toHaveProperty(type);
  });

  it("carry the exact SPEC texts", () => {
    expect(en.statusPages.notAuth).toBe("Oops ... it seems that you do not have permissions to see this content.");
    expect(es.connection.realtimeError).toBe(
      "Error de conexión en tiempo real: algunas actualizaciones podrían perderse. Recarga la página.",
    );
    expect(es.errors.userNotFound).toBe("Usuario no encontrado");
    expect(es.errors.wrongPassword).toBe("Contraseña incorrecta");
  });
});
