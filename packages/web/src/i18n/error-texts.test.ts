import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONFLICT_REASONS, LANGUAGES } from "@atalaya/shared";
import "../app/catalogues";
import { i18n, loadCatalogue, translateErrorCode, validationErrorText } from "../lib/i18n";
import { loadWholeCatalogue } from "../app/catalogues";

const es = await loadWholeCatalogue("es");
const en = await loadWholeCatalogue("en");
const fr = await loadWholeCatalogue("fr");

const catalogues = { es, en, fr };

beforeAll(() => Promise.all(LANGUAGES.map(loadCatalogue)));
afterEach(() => i18n.changeLanguage("es"));

describe("error texts", () => {
  it("give every 409 reason its own text in es, en and fr, preferred to the code's", async () => {
    for (const lang of LANGUAGES) {
      await i18n.changeLanguage(lang);
      const texts = CONFLICT_REASONS.map((reason) => translateErrorCode("invalidTransition", { reason }));
      for (const [i, reason] of CONFLICT_REASONS.entries()) {
        expect(texts[i]).toBe(catalogues[lang].errors.reasons[reason]);
        expect(texts[i]?.trim()).not.toBe("");
        expect(texts[i]).not.toBe(catalogues[lang].errors.invalidTransition);
      }
      expect(new Set(texts).size).toBe(CONFLICT_REASONS.length);
    }
  });

  it("carry the SPEC §8 general texts, exact in English", () => {
    expect(catalogues.en.errors.actionFailed).toBe("Something went wrong, please try again.");
    expect(catalogues.en.errors.generalError).toBe("An unexpected error has occurred, please try again");
    expect(catalogues.en.errors.validationFields).toBe("Validation errors: {{fields}}");
    expect(catalogues.es.errors.generalError).toBe("Ha ocurrido un error inesperado, por favor inténtalo de nuevo");
    expect(catalogues.fr.errors.actionFailed).toBe("Un problème est survenu, veuillez réessayer.");
  });

  it("list a validation error's fields after 'Validation errors: ', by their portal names", async () => {
    await i18n.changeLanguage("en");
    const fields = [
      { field: "firstName", code: "too_small" },
      { field: "phone", code: "invalid_format" },
      { field: "phone", code: "required" },
      { field: "location.extra", code: "unrecognized_keys" },
    ];
    expect(translateErrorCode("validation", { fields })).toBe("Validation errors: first name, phone, location.extra");
    await i18n.changeLanguage("es");
    expect(validationErrorText([{ field: "description", code: "too_small" }])).toBe("Errores de validación: descripción");
    await i18n.changeLanguage("fr");
    expect(validationErrorText([{ field: "email", code: "invalid_format" }])).toBe("Erreurs de validation : e-mail");
    // Without fields, the code's own text.
    expect(translateErrorCode("validation")).toBe(catalogues.fr.errors.validation);
  });

  it("still translate plain codes and know nothing of unknown ones", async () => {
    await i18n.changeLanguage("en");
    expect(translateErrorCode("notFound")).toBe(catalogues.en.errors.notFound);
    expect(translateErrorCode("tooManyAttempts", { retryAfterSeconds: 30 })).toBe("Too many failed attempts. Try again in 30 seconds.");
    expect(translateErrorCode("noSuchCode")).toBeNull();
  });
});
