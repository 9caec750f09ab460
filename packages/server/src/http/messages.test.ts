import { describe, expect, it } from "vitest";
import { CONFLICT_REASONS, LANGUAGES, PLATE_ERROR_CODES } from "@atalaya/shared";
import { pickLanguage, translate, translateFieldProblem, translateReason } from "./messages.js";

describe("API messages", () => {
  it("give every 409 reason its own text in every language", () => {
    for (const lang of LANGUAGES) {
      const texts = CONFLICT_REASONS.map((reason) => translateReason(lang, reason, { by: "Ana" }));
      for (const text of texts) expect(text.trim().length).toBeGreaterThan(0);
      // Each reason says something different, and is not the bare code.
      expect(new Set(texts).size).toBe(CONFLICT_REASONS.length);
      for (const [i, reason] of CONFLICT_REASONS.entries()) expect(texts[i]).not.toBe(reason);
    }
  });

  it("fill placeholders of a reason and of a code", () => {
    expect(translateReason("es", "alreadyTaken", { by: "Ana Pérez" })).toBe("Este reporte ya fue tomado por Ana Pérez");
    expect(translateReason("en", "alreadyTaken", { by: "Ana Pérez" })).toBe("This report was already taken by Ana Pérez");
    expect(translate("fr", "fileTooLarge", { max: 10 })).toBe("Le fichier est trop volumineux (maximum 10 Mo)");
    expect(translate("en", "noSuchCode")).toBeUndefined();
  });

  it("answer the codes and problems the portal shares from their own catalogues", () => {
    for (const lang of LANGUAGES) for (const code of [...PLATE_ERROR_CODES, "plateFormat", "phoneCallsDisabled", "noPhoneNumber", "callFailed"]) expect(translate(lang, code), `${lang} ${code}`).toBeTruthy();
    expect(translate("en", "timeout")).toBe("The police service for patent consultation is not available.");
    expect(translate("es", "roleChangeForbidden")).toBe("No tienes permiso para cambiar este rol");
    expect(translateReason("fr", "alreadyRated")).toBe("Ce signalement a déjà été noté");
    expect(translateReason("en", "categoryNameTaken")).toBe("A category with that name already exists");
    expect(translateFieldProblem("fr", "invalid_rut")).toBe("Le RUT n'est pas valide");
    expect(translateFieldProblem("en", "invalid_route")).toBe("The route must start with / and carry no query");
    expect(translateFieldProblem("en", "toString")).toBeUndefined();
  });

  it("pick the first supported language, Spanish otherwise", () => {
    expect(pickLanguage("fr-FR,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(pickLanguage("de,en;q=0.5")).toBe("en");
    expect(pickLanguage("de")).toBe("es");
    expect(pickLanguage(undefined)).toBe("es");
  });
});
