import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "./detail-api";

describe("PDF file name", () => {
  it("reads the Content-Disposition file name, preferring the encoded one", () => {
    expect(filenameFromDisposition('attachment; filename="reporte-41.pdf"', "x.pdf")).toBe("reporte-41.pdf");
    expect(filenameFromDisposition("attachment; filename=\"a.pdf\"; filename*=UTF-8''reporte%20%C3%B1.pdf", "x.pdf")).toBe("reporte ñ.pdf");
    expect(filenameFromDisposition(null, "reporte-7.pdf")).toBe("reporte-7.pdf");
    expect(filenameFromDisposition("attachment", "reporte-7.pdf")).toBe("reporte-7.pdf");
  });
});
