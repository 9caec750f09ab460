import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "@atalaya/shared";
import { ApiError, createApiClient } from "../../../lib/api";
import "../../../app/catalogues";
import { i18n, loadCatalogue, translateErrorCode } from "../../../lib/i18n";
import { actionErrorMessage, isAlreadyTaken, isVersionConflict, type Translate } from "./action-errors";
import { loadWholeCatalogue } from "../../../app/catalogues";

const es = await loadWholeCatalogue("es");
const en = await loadWholeCatalogue("en");
const fr = await loadWholeCatalogue("fr");

const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

const apiError = (init: Partial<ConstructorParameters<typeof ApiError>[0]> & { status: number }) =>
  new ApiError({ message: `Error ${init.status}`, ...init });

describe("action error messages", () => {
  it("shows who took the report from the server's text on a 409 alreadyTaken", () => {
    const error = apiError({ status: 409, code: "alreadyTaken", serverMessage: "Este reporte ya fue tomado por Ana Pérez", message: "Otro operador ya tomó este reporte.", translated: true });
    expect(actionErrorMessage(error, "take", t)).toBe("Este reporte ya fue tomado por Ana Pérez");
    expect(isAlreadyTaken(error)).toBe(true);
  });

  it("maps every SPEC §8 geocoding code to the address texts", () => {
    for (const code of ["overQueryLimit", "noResults", "noRegisteredAddress", "notInZone", "unknow"]) {
      const error = apiError({ status: code === "notInZone" ? 422 : 400, code, translated: true, message: "x" });
      expect(actionErrorMessage(error, "address", t)).toBe(`reportDetail.addressErrors.${code}`);
    }
  });

  it("explains known field errors and keeps the server's upload limits", () => {
    const repeated = apiError({ status: 400, code: "validation", fields: [{ field: "repeatedOf", code: "invalid_report" }], translated: true, message: "Revisa los datos" });
    expect(actionErrorMessage(repeated, "close", t)).toBe("reportDetail.close.invalidRepeated");
    const tooBig = apiError({ status: 400, code: "fileTooLarge", serverMessage: "El archivo es demasiado grande (máximo 10 MB)", translated: true, message: "x" });
    expect(actionErrorMessage(tooBig, "comment", t)).toBe("El archivo es demasiado grande (máximo 10 MB)");
  });

  it("uses the portal's translation of a code, else the action's sentence and the SPEC §8 general text", () => {
    const transition = apiError({ status: 409, code: "invalidTransition", translated: true, message: "No disponible en este estado" });
    expect(actionErrorMessage(transition, "close", t)).toBe("No disponible en este estado");
    // Unexpected: no response, a server fault, or not an API error at all.
    expect(actionErrorMessage(apiError({ status: 0 }), "pdf", t)).toBe("reportDetail.errors.pdf errors.generalError");
    expect(actionErrorMessage(apiError({ status: 500, code: "generalError", translated: true, message: "x" }), "assign", t)).toBe("reportDetail.errors.assign errors.generalError");
    expect(actionErrorMessage(new Error("boom"), "share", t)).toBe("reportDetail.errors.share errors.generalError");
    // A refused action without a text of its own.
    expect(actionErrorMessage(apiError({ status: 418 }), "like", t)).toBe("reportDetail.errors.like errors.actionFailed");
    // A validation error the detail does not explain itself: "Validation errors: …" as the client worded it.
    const invalid = apiError({ status: 400, code: "validation", fields: [{ field: "observations", code: "too_big" }], translated: true, message: "Validation errors: observations" });
    expect(actionErrorMessage(invalid, "update", t)).toBe("reportDetail.errors.update Validation errors: observations");
  });

  it("shows a 409's reason: the client's text of it, or the catalogue's", () => {
    const worded = apiError({ status: 409, code: "invalidTransition", reason: "deletedByAuthor", translated: true, message: "El autor eliminó este reporte" });
    expect(actionErrorMessage(worded, "comment", t)).toBe("El autor eliminó este reporte");
    const bare = apiError({ status: 409, code: "invalidTransition", reason: "alreadyClosed" });
    expect(actionErrorMessage(bare, "close", t)).toBe("errors.reasons.alreadyClosed");
  });

  it("recognises a version conflict and a second take by code or by reason", () => {
    expect(isVersionConflict(apiError({ status: 409, code: "conflict" }))).toBe(true);
    expect(isVersionConflict(apiError({ status: 409, code: "conflict", reason: "staleVersion" }))).toBe(true);
    expect(isVersionConflict(apiError({ status: 409, code: "alreadyTaken" }))).toBe(false);
    expect(isAlreadyTaken(apiError({ status: 409, code: "alreadyTaken", reason: "alreadyTaken" }))).toBe(true);
    expect(isAlreadyTaken(apiError({ status: 409, code: "invalidTransition", reason: "notTaken" }))).toBe(false);
  });
});

describe("action error messages with the portal's catalogues", () => {
  const catalogues = { es, en, fr };
  beforeAll(() => Promise.all(LANGUAGES.map(loadCatalogue)));
  const translate: Translate = (key, values) => i18n.t(key, values);
  const respond = (status: number, body: unknown) =>
    createApiClient({
      fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })),
      getToken: () => "tok",
      getLanguage: () => i18n.language,
      onUnauthorized: () => undefined,
      translateError: translateErrorCode,
    });
  const fail = (status: number, body: unknown) =>
    respond(status, body).put("/companies/1/reports/2", {}).then(
      () => {
        throw new Error("expected a failure");
      },
      (error: unknown) => error,
    );

  afterEach(() => i18n.changeLanguage("es"));

  it("an ApiError with a reason shows the reason's text in es, en and fr", async () => {
    const conflict = { success: false, error: { code: "invalidTransition", reason: "confirmDrugs", message: "server text" } };
    for (const lang of ["es", "en", "fr"] as const) {
      await i18n.changeLanguage(lang);
      const error = await fail(409, conflict);
      expect(actionErrorMessage(error, "update", translate)).toBe(catalogues[lang].errors.reasons.confirmDrugs);
    }
    await i18n.changeLanguage("en");
    const taken = await fail(409, { success: false, error: { code: "invalidTransition", reason: "deletedByAuthor" } });
    expect(actionErrorMessage(taken, "comment", translate)).toBe("The author deleted this report; it can only be closed.");
  });

  it("words unexpected failures, failed actions and validation errors with the SPEC §8 texts", async () => {
    await i18n.changeLanguage("en");
    const fault = await fail(500, { success: false, error: { code: "generalError" } });
    expect(actionErrorMessage(fault, "close", translate)).toBe("The report could not be closed. An unexpected error has occurred, please try again");
    const refused = await fail(413, { success: false, error: { code: "payloadTooLarge" } });
    expect(actionErrorMessage(refused, "comment", translate)).toBe("The comment could not be posted. Something went wrong, please try again.");
    const invalid = await fail(400, { success: false, error: { code: "validation", fields: [{ field: "observations", code: "too_big" }, { field: "priority", code: "invalid_value" }] } });
    expect(actionErrorMessage(invalid, "update", translate)).toBe("The report could not be updated. Validation errors: observations, priority");
  });
});
