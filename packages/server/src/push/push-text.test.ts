import { describe, expect, it } from "vitest";
import { pushPayload } from "./push-text.js";

const notification = (kind: string, data: Record<string, unknown>) => ({ id: 9, kind, data, reportId: 42, reportUuid: "u-42", actorName: "Luis Soto" });

describe("pushPayload", () => {
  it("says each kind in the recipient's language, naming the report, and opens it", () => {
    expect(pushPayload({ notification: notification("assigned", { reportTitle: "Portón abierto" }), lang: "es" })).toEqual({
      title: "Atalaya",
      body: "Luis Soto te asignó Portón abierto",
      url: "/v3/events/u-42",
      tag: "notification-9",
    });
    expect(pushPayload({ notification: notification("assigned", {}), lang: "xx" }).body).toBe("Luis Soto te asignó el reporte #42");
  });

  it("names the form a gathering's answers fill, and no one as their author", () => {
    const free = notification("gatheringAnswered", { reportTitle: null, title: null });
    const form = notification("gatheringAnswered", { reportTitle: "Portón abierto", title: "Testigo" });
    expect(pushPayload({ notification: free, lang: "es" }).body).toBe("El informante respondió las preguntas sobre el reporte #42");
    expect(pushPayload({ notification: form, lang: "es" }).body).toBe("El informante respondió el formulario «Testigo» sobre Portón abierto");
    expect(pushPayload({ notification: form, lang: "en" }).body).toBe("The reporter answered the form “Testigo” on Portón abierto");
    expect(pushPayload({ notification: form, lang: "fr" }).body).toBe("L'informateur a répondu au formulaire « Testigo » sur Portón abierto");
  });

  it("sends a reviewer to the review queue: a held report has no page in the panel yet", () => {
    const held = pushPayload({ notification: notification("reviewWaiting", { reportTitle: null }), lang: "es" });
    expect(held).toMatchObject({ body: "Un reporte espera tu revisión: el reporte #42", url: "/v3/reviews" });
  });
});
