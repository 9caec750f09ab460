import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api";
import { checkPickedImage, imageUploadError } from "./image-upload";
import { loadWholeCatalogue } from "../../../app/catalogues";

const es = await loadWholeCatalogue("es");
const en = await loadWholeCatalogue("en");
const fr = await loadWholeCatalogue("fr");

const MB = 1024 * 1024;
const limits = { maxMb: 10, room: 3 };

describe("the photos field's checks (SPEC §5 images only, §8 errors)", () => {
  it("takes JPEG and PNG within the size and count limits", () => {
    expect(checkPickedImage({ name: "foto.jpg", type: "image/jpeg", size: 2 * MB }, limits)).toBeNull();
    expect(checkPickedImage({ name: "foto.JPEG", type: "image/jpeg", size: 1 }, limits)).toBeNull();
    expect(checkPickedImage({ name: "plano.png", type: "image/png", size: 10 * MB }, limits)).toBeNull();
    // Some systems give no type: the name decides, the server reads the content.
    expect(checkPickedImage({ name: "plano.png", type: "", size: 1 }, limits)).toBeNull();
  });

  it("says wrong type for anything else, too big past the limit, too many when the report is full", () => {
    for (const file of [
      { name: "animada.gif", type: "image/gif" },
      { name: "foto.heic", type: "image/heic" },
      { name: "informe.pdf", type: "application/pdf" },
      { name: "foto.png", type: "application/pdf" },
      { name: "sin-extension", type: "image/png" },
    ])
      expect(checkPickedImage({ ...file, size: 1 }, limits), file.name).toBe("wrongType");
    expect(checkPickedImage({ name: "grande.jpg", type: "image/jpeg", size: 10 * MB + 1 }, limits)).toBe("tooBig");
    expect(checkPickedImage({ name: "foto.jpg", type: "image/jpeg", size: 1 }, { maxMb: 10, room: 0 })).toBe("tooMany");
  });

  it("maps the server's refusals by code, and anything else to unknown", () => {
    const apiError = (status: number, code?: string) => new ApiError({ status, code, message: "x" });
    expect(imageUploadError(apiError(400, "invalidFileType"))).toBe("wrongType");
    expect(imageUploadError(apiError(400, "fileTooLarge"))).toBe("tooBig");
    expect(imageUploadError(apiError(400, "tooManyImages"))).toBe("tooMany");
    expect(imageUploadError(apiError(503, "tooManyUploads"))).toBe("unknown");
    expect(imageUploadError(apiError(500, "generalError"))).toBe("unknown");
    expect(imageUploadError(new TypeError("Failed to fetch"))).toBe("unknown");
  });

  it("has every text in es, en and fr", () => {
    for (const catalogue of [es, en, fr]) {
      const images = (catalogue as { reportDetail: { images: Record<string, string> } }).reportDetail.images;
      for (const key of ["label", "add", "limits", "count", "wrongType", "tooBig", "tooMany", "unknown"]) expect(images[key], key).toBeTruthy();
      expect(images.limits).toContain("{{mb}}");
      expect(images.limits).toContain("{{max}}");
    }
  });
});
