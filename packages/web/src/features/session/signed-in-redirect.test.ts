import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../lib/storage";
import { parseSession } from "./session-store";
import { SIGNED_IN_ATTRIBUTE, SIGNED_IN_HOME, signedInRedirectScript } from "./signed-in-redirect";

/** Runs the login page's first script against a stored value; what it did to the address and the page. */
function run(stored: string | null, storage: "works" | "refused" = "works"): { address: string | null; marked: boolean } {
  let address: string | null = null;
  let marked = false;
  const localStorage = {
    getItem: (key: string) => {
      if (storage === "refused") throw new Error("SecurityError");
      return key === STORAGE_KEYS.session ? stored : null;
    },
  };
  const history = { replaceState: (_state: unknown, _title: string, url: string) => void (address = url) };
  const document = { documentElement: { setAttribute: (name: string) => void (marked = name === SIGNED_IN_ATTRIBUTE) } };
  new Function("localStorage", "history", "document", signedInRedirectScript())(localStorage, history, document);
  return { address, marked };
}

describe("the prerendered login page's first script", () => {
  it("sends a visitor with a stored session to the panel and shows the loader", () => {
    expect(run(JSON.stringify({ token: "abc", userId: 7 }))).toEqual({ address: SIGNED_IN_HOME, marked: true });
  });

  it("leaves the form to anyone the session store would not call signed in", () => {
    for (const stored of [null, "", "{", "null", "[]", JSON.stringify({ token: "", userId: 7 }), JSON.stringify({ token: "abc", userId: "7" }), JSON.stringify({ token: "abc" })]) {
      expect(run(stored), String(stored)).toEqual({ address: null, marked: false });
    }
    expect(run(JSON.stringify({ token: "abc", userId: 7 }), "refused")).toEqual({ address: null, marked: false });
  });

  it("decides as the session store does, whatever is stored", () => {
    const values = [{ token: "t", userId: 1 }, { token: "t", userId: 0 }, { token: 5, userId: 1 }, { userId: 1 }, "x", 3, true, { token: "t", userId: 1, extra: 1 }];
    for (const value of values) {
      const stored = JSON.stringify(value);
      expect(run(stored).marked, stored).toBe(parseSession(JSON.parse(stored)) !== null);
    }
  });
});
