import { describe, expect, it } from "vitest";
import { buildCloseBody } from "./close-body";

const base = { kind: "solved" as const, repeatedOf: null, answerMode: "none" as const, answerId: null, comment: "" };

describe("close request", () => {
  it("closes as solved or not applicable without extras", () => {
    expect(buildCloseBody(base)).toEqual({ kind: "solved" });
    expect(buildCloseBody({ ...base, kind: "false", repeatedOf: 9 })).toEqual({ kind: "false" });
  });

  it("needs the original report for a repeated closing", () => {
    expect(buildCloseBody({ ...base, kind: "repeated" })).toBeNull();
    expect(buildCloseBody({ ...base, kind: "repeated", repeatedOf: 12 })).toEqual({ kind: "repeated", repeatedOf: 12 });
  });

  it("adds the chosen automatic answer or a trimmed free comment", () => {
    expect(buildCloseBody({ ...base, answerMode: "automatic" })).toBeNull();
    expect(buildCloseBody({ ...base, answerMode: "automatic", answerId: 3, comment: "ignored" })).toEqual({ kind: "solved", automaticAnswerId: 3 });
    expect(buildCloseBody({ ...base, answerMode: "free", comment: "   " })).toBeNull();
    expect(buildCloseBody({ ...base, answerMode: "free", comment: " Gracias por avisar " })).toEqual({ kind: "solved", comment: "Gracias por avisar" });
  });
});
