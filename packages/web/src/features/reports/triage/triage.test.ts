import { describe, expect, it } from "vitest";
import { EMPTY_SELECTION, keepListed, toggleAll, toggleOne, toggleRange } from "./selection";
import { isTypingTarget, shortcutOf, type TargetLike } from "./shortcuts";

const el = (tagName: string, extra: Partial<TargetLike> & { attrs?: Record<string, string>; inside?: string[] } = {}): TargetLike => ({
  tagName,
  type: extra.type,
  isContentEditable: extra.isContentEditable ?? false,
  getAttribute: (name) => extra.attrs?.[name] ?? null,
  closest: (selector) => (extra.inside ?? []).some((s) => selector.includes(s)) || null,
});

describe("shortcut guard", () => {
  it("never acts while typing: inputs, textareas, selects, contenteditable, comboboxes, open option lists", () => {
    for (const target of [
      el("INPUT"),
      el("INPUT", { type: "search" }),
      el("INPUT", { type: "email" }),
      el("TEXTAREA"),
      el("SELECT"),
      el("DIV", { isContentEditable: true }),
      el("SPAN", { inside: ['[contenteditable="true"]'] }),
      el("DIV", { attrs: { role: "combobox" } }),
      el("DIV", { attrs: { role: "textbox" } }),
      el("DIV", { inside: [".ant-select-dropdown"] }),
    ]) {
      expect(isTypingTarget(target)).toBe(true);
      for (const key of ["j", "k", "t", "e", "/", "?", "1", "ArrowDown", "Enter"]) expect(shortcutOf({ key, target })).toBeNull();
    }
  });

  it("acts on the page, a row, a button or a checkbox", () => {
    for (const target of [null, el("BODY"), el("DIV", { attrs: { role: "listitem" } }), el("BUTTON"), el("INPUT", { type: "checkbox" })]) {
      expect(isTypingTarget(target)).toBe(false);
      expect(shortcutOf({ key: "j", target })).toEqual({ kind: "next" });
    }
  });

  it("maps the keys, leaves Ctrl, ⌘ and Alt combinations and unknown keys alone", () => {
    expect(shortcutOf({ key: "ArrowUp" })).toEqual({ kind: "previous" });
    expect(shortcutOf({ key: "?" })).toEqual({ kind: "help" });
    expect(shortcutOf({ key: "1" })).toEqual({ kind: "tab", tab: "in_observation" });
    expect(shortcutOf({ key: "4" })).toEqual({ kind: "tab", tab: "solved" });
    expect(shortcutOf({ key: "e" })).toEqual({ kind: "close" });
    expect(shortcutOf({ key: "c", ctrlKey: true })).toBeNull();
    expect(shortcutOf({ key: "k", metaKey: true })).toBeNull();
    expect(shortcutOf({ key: "j", altKey: true })).toBeNull();
    expect(shortcutOf({ key: "5" })).toBeNull();
    expect(shortcutOf({ key: "z" })).toBeNull();
  });
});

describe("panel selection", () => {
  const order = [10, 11, 12, 13, 14];
  it("toggles one, ranges with shift from the anchor both ways, and all of the tab", () => {
    let s = toggleOne(EMPTY_SELECTION, 11);
    s = toggleRange(s, order, 13);
    expect([...s.ids].sort()).toEqual([11, 12, 13]);
    s = toggleRange(s, order, 12);
    // 12 was ticked: the range 13→12 is unticked.
    expect([...s.ids].sort()).toEqual([11]);
    s = toggleAll(s, order);
    expect(s.ids.size).toBe(5);
    expect(toggleAll(s, order).ids.size).toBe(0);
    // A shift-click without an anchor in the list is a single toggle.
    expect([...toggleRange(EMPTY_SELECTION, order, 14).ids]).toEqual([14]);
  });

  it("drops reports that left the list", () => {
    const s = keepListed({ ids: new Set([10, 99]), anchor: 99 }, order);
    expect([...s.ids]).toEqual([10]);
    expect(s.anchor).toBeNull();
    const same = { ids: new Set([10]), anchor: 10 };
    expect(keepListed(same, order)).toBe(same);
  });
});
