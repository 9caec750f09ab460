import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, EVENT_TYPES } from "@atalaya/shared";
import { loadWholeCatalogue } from "../app/catalogues";

const es = await loadWholeCatalogue("es");
const en = await loadWholeCatalogue("en");
const fr = await loadWholeCatalogue("fr");

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

  it("have no text equal to its own key (a key shown to people instead of a text)", () => {
    for (const catalogue of [es, en, fr]) {
      const paths = keys(catalogue);
      const texts = leaves(catalogue);
      // The whole path, or a last segment that reads as an identifier (camelCase, snake_case): an English
      // word that is its own key ("type", "email") is a real text.
      const raw = paths.filter((path, i) => {
        const last = path.split(".").pop()!;
        return texts[i] === path || (texts[i] === last && /[A-Z_]/.test(last.slice(1)));
      });
      expect(raw).toEqual([]);
    }
  });

  it("have every key the code asks for with a literal t(\"…\")", () => {
    const root = join(import.meta.dirname, "..");
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
    const missing: string[] = [];
    const reference = new Set(keys(es));
    for (const file of files) {
      const source = readFileSync(join(root, file), "utf8");
      for (const match of source.matchAll(/\bt\(\s*"([a-zA-Z][\w.]*)"/g)) {
        const key = match[1]!;
        // A key with a plural form lives as key_one/key_other; a prefix of nested texts is not a text.
        if (!reference.has(key) && !reference.has(`${key}_other`) && !reference.has(`${key}_one`)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
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
