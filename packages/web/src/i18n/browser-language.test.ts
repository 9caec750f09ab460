import { describe, expect, it } from "vitest";
import { browserLanguage } from "../lib/i18n";

describe("browserLanguage (the visitor pages' language when none was chosen)", () => {
  it("takes the first of the browser's languages the portal speaks, whatever its region", () => {
    expect(browserLanguage(["es-CL", "es", "en-US", "en"])).toBe("es");
    expect(browserLanguage(["en-US", "en"])).toBe("en");
    expect(browserLanguage(["fr-CA"])).toBe("fr");
    // German is not spoken: the next one is.
    expect(browserLanguage(["de-DE", "de", "fr", "en"])).toBe("fr");
    expect(browserLanguage(["EN-gb"])).toBe("en");
  });

  it("answers null when the browser asks for none of them (the sign-up then speaks English)", () => {
    expect(browserLanguage(["de-DE", "pt-BR"])).toBeNull();
    expect(browserLanguage([])).toBeNull();
    expect(browserLanguage(["*"])).toBeNull();
  });
});
