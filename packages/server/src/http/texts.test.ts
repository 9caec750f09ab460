import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@atalaya/shared";
import { hasText, t, TEXT_NAMESPACES } from "./texts.js";

// The catalogues are data: nothing but this test holds English and French to the Spanish one the keys are
// typed from. Each namespace has, in every language, the same texts with the same {{placeholders}}.
const LOCALES = join(dirname(fileURLToPath(import.meta.url)), "../../../shared/locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Catalogue = { [key: string]: string | Catalogue };
const read = (lang: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), "utf8")) as Catalogue;

/** Every text of a catalogue by its dotted key. */
function texts(catalogue: Catalogue, prefix = ""): Map<string, string> {
  return new Map(
    Object.entries(catalogue).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value]] : [...texts(value, `${prefix}${key}.`)])),
  );
}

/** Each text's key (a plural's base key for its forms) → the placeholders it uses (all forms together). */
function placeholders(catalogue: Catalogue): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const [key, text] of texts(catalogue)) {
    const base = key.replace(PLURAL, "");
    const vars = found.get(base) ?? new Set<string>();
    for (const [, name] of text.matchAll(/\{\{\s*-?\s*(\w+)[^}]*\}\}/g)) if (name !== "count" || !PLURAL.test(key)) vars.add(name!);
    found.set(base, vars);
  }
  return new Map([...found].map(([key, vars]) => [key, [...vars].sort()]));
}

describe("the server's text catalogues", () => {
  it("are one file per namespace in each language, every file read", () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    // Beside the server's namespaces, the portal's own (portal-core.json, portal.json, portal/: the web reads them).
    const serverFiles = (lang: string) => readdirSync(join(LOCALES, lang)).filter((file) => !file.startsWith("portal"));
    for (const lang of LANGUAGES) expect(serverFiles(lang).sort()).toEqual(TEXT_NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  for (const ns of TEXT_NAMESPACES) {
    it(`${ns}: the same keys with the same {{placeholders}} in es, en and fr`, () => {
      const es = placeholders(read("es", ns));
      expect(es.size).toBeGreaterThan(0);
      for (const lang of LANGUAGES) expect(Object.fromEntries(placeholders(read(lang, ns))), lang).toEqual(Object.fromEntries(es));
    });

    it(`${ns}: each plural has every form its language needs, and no text an old {name} placeholder`, () => {
      for (const lang of LANGUAGES) {
        const all = texts(read(lang, ns));
        const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        for (const base of new Set([...all.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")))) {
          for (const category of categories) expect(all.has(`${base}_${category}`), `${lang} ${ns}:${base}_${category}`).toBe(true);
        }
        for (const [key, text] of all) expect(text, `${lang} ${ns}:${key}`).not.toMatch(/(^|[^{])\{\w+\}(?!\})/);
      }
    });
  }
});

describe("t", () => {
  it("fills placeholders, a missing one as nothing, values as written", () => {
    expect(t("fr", "errors:codes.fileTooLarge", { max: 10 })).toBe("Le fichier est trop volumineux (maximum 10 Mo)");
    expect(t("en", "errors:codes.tooManyRequests")).toBe("Too many requests in a row. Wait  seconds before trying again.");
    expect(t("es", "errors:reasons.alreadyTaken", { by: "Ana $& {{x}} <b>" })).toBe("Este reporte ya fue tomado por Ana $& {{x}} <b>");
  });

  it("keeps a text without plural forms whatever the count", () => {
    for (const count of [0, 1, 5]) expect(t("en", "errors:reasons.zoneInUse", { count })).toBe(`${count} users are restricted to this zone; remove it from their zones before deleting it`);
  });

  it("knows which keys built at run time name a text", () => {
    expect(hasText("push:assigned")).toBe(true);
    expect(hasText("summaries:statuses")).toBe(false);
    expect(hasText("push:nope")).toBe(false);
    expect(hasText("nope:assigned")).toBe(false);
    expect(hasText("assigned")).toBe(false);
    // A code that is no text: an object's own method, a group of texts.
    expect(hasText("forms:toString")).toBe(false);
    expect(hasText("push:rules")).toBe(false);
    expect(hasText("push:rules.pushEndpointInvalid")).toBe(true);
  });
});
