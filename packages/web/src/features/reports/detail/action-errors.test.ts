import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api";
import { actionErrorMessage, isAlreadyTaken, isVersionConflict, type Translate } from "./action-errors";

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

  it("uses the portal's translation of a code, else the action's retry message", () => {
    const transition = apiError({ status: 409, code: "invalidTransition", translated: true, message: "No disponible en este estado" });
    expect(actionErrorMessage(transition, "close", t)).toBe("No disponible en este estado");
    expect(actionErrorMessage(apiError({ status: 0 }), "pdf", t)).toBe("reportDetail.errors.pdf");
    expect(actionErrorMessage(apiError({ status: 500, code: "generalError", translated: true, message: "x" }), "assign", t)).toBe("reportDetail.errors.assign");
    expect(actionErrorMessage(new Error("boom"), "share", t)).toBe("reportDetail.errors.share");
    expect(actionErrorMessage(apiError({ status: 418 }), "like", t)).toBe("reportDetail.errors.like (Error 418)");
  });

  it("recognises a version conflict", () => {
    expect(isVersionConflict(apiError({ status: 409, code: "conflict" }))).toBe(true);
    expect(isVersionConflict(apiError({ status: 409, code: "alreadyTaken" }))).toBe(false);
  });
});
