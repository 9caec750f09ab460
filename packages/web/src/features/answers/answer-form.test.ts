import { describe, expect, it } from "vitest";
import type { AutomaticAnswer } from "@atalaya/shared";
import {
  answerBody,
  answerFormValues,
  answerTypeName,
  answerTypeSuggestions,
  canManageAnswers,
  filterAnswers,
  insertAnswerText,
  splitFieldErrors,
} from "./answer-form";

const answer = (over: Partial<AutomaticAnswer> = {}): AutomaticAnswer => ({
  id: 1,
  title: "Patrulla en camino",
  answer: "Una patrulla va hacia el lugar.",
  answerType: "comment",
  reportType: null,
  usableInManagement: true,
  usableInClosure: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("answerFormValues", () => {
  it("defaults a new answer to any type, usable in both places", () => {
    expect(answerFormValues()).toEqual({
      title: "",
      answer: "",
      answerType: "comment",
      reportType: null,
      usableInManagement: true,
      usableInClosure: true,
    });
  });
  it("copies an existing answer", () => {
    expect(answerFormValues(answer({ reportType: 3, answerType: "closing" }))).toMatchObject({ reportType: 3, answerType: "closing", usableInClosure: false });
  });
});

describe("answerBody", () => {
  it("trims the texts and keeps null as any type", () => {
    expect(answerBody({ ...answerFormValues(), title: "  Hola ", answer: " Texto\n", answerType: " comment " })).toEqual({
      body: { title: "Hola", answer: "Texto", answerType: "comment", reportType: null, usableInManagement: true, usableInClosure: true },
    });
  });
  it("names every required field left blank, in screen order", () => {
    expect(answerBody({ ...answerFormValues(), answerType: "  ", title: " " })).toEqual({ missing: ["title", "answer", "answerType"] });
  });
});

describe("splitFieldErrors", () => {
  it("maps body-prefixed and plain names to form fields and keeps the rest", () => {
    expect(
      splitFieldErrors([
        { field: "body.title", code: "too_small" },
        { field: "reportType", code: "invalid_type" },
        { field: "title", code: "second" },
        { field: "companyId", code: "invalid" },
      ]),
    ).toEqual({ byField: { title: "too_small", reportType: "invalid_type" }, other: [{ field: "companyId", code: "invalid" }] });
  });
});

describe("answerTypeName", () => {
  it("reads the catalogue, marks unknown ids and returns null for any type", () => {
    expect(answerTypeName(null, "es")).toBeNull();
    expect(answerTypeName(999, "es")).toBe("#999");
    expect(typeof answerTypeName(0, "es")).toBe("string");
  });
});

describe("filterAnswers", () => {
  const list = [answer(), answer({ id: 2, title: "Cierre", answer: "Se resolvió la situación." }), answer({ id: 3, title: "Otro", answer: "x", reportType: 999 })];
  it("returns everything for a blank search", () => {
    expect(filterAnswers(list, "  ", "es", "Todos los tipos")).toHaveLength(3);
  });
  it("matches title and text ignoring case and accents, every word", () => {
    expect(filterAnswers(list, "RESOLVIO", "es", "Todos").map((a) => a.id)).toEqual([2]);
    expect(filterAnswers(list, "patrulla lugar", "es", "Todos").map((a) => a.id)).toEqual([1]);
  });
  it("matches the type name or the any-type label", () => {
    expect(filterAnswers(list, "#999", "es", "Todos los tipos").map((a) => a.id)).toEqual([3]);
    expect(filterAnswers(list, "todos los tipos", "es", "Todos los tipos").map((a) => a.id)).toEqual([1, 2]);
  });
});

describe("answerTypeSuggestions", () => {
  it("puts the default first and lists the used types once", () => {
    expect(answerTypeSuggestions([answer({ answerType: "sms" }), answer({ answerType: "comment" }), answer({ answerType: "email" }), answer({ answerType: "sms" })])).toEqual([
      "comment",
      "email",
      "sms",
    ]);
  });
});

describe("canManageAnswers", () => {
  const settings = (role: string) => ({
    company: { id: 7 } as never,
    user: { companies: [{ id: 7, role }, { id: 8, role: "company_admin" }] } as never,
  });
  it("is true only for an admin of the current company", () => {
    expect(canManageAnswers(settings("company_admin"))).toBe(true);
    expect(canManageAnswers(settings("operator"))).toBe(false);
  });
});

describe("insertAnswerText", () => {
  it("fills an empty composer", () => {
    expect(insertAnswerText("  ", " Hola ")).toBe("Hola");
  });
  it("appends on a new paragraph", () => {
    expect(insertAnswerText("Buenas tardes.\n", "Hola")).toBe("Buenas tardes.\n\nHola");
  });
  it("ignores an empty answer", () => {
    expect(insertAnswerText("abc", " ")).toBe("abc");
  });
});
