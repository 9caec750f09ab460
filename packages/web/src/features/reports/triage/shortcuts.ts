import { PANEL_TABS, type PanelTab } from "@atalaya/shared";

/** What a key does in the events panel and the report detail (issue 18 keyboard triage). */
export type ShortcutAction =
  | { kind: "next" }
  | { kind: "previous" }
  | { kind: "open" }
  | { kind: "select" }
  | { kind: "take" }
  | { kind: "assign" }
  | { kind: "comment" }
  | { kind: "close" }
  | { kind: "search" }
  | { kind: "tab"; tab: PanelTab }
  | { kind: "help" }
  | { kind: "clear" };

/** The help overlay's rows, in its order: the keys shown and the text key of what they do. */
export const SHORTCUT_HELP: readonly { keys: readonly string[]; action: ShortcutAction["kind"] }[] = [
  { keys: ["j", "↓"], action: "next" },
  { keys: ["k", "↑"], action: "previous" },
  { keys: ["Enter", "o"], action: "open" },
  { keys: ["x"], action: "select" },
  { keys: ["t"], action: "take" },
  { keys: ["a"], action: "assign" },
  { keys: ["c"], action: "comment" },
  { keys: ["e"], action: "close" },
  { keys: ["/"], action: "search" },
  { keys: ["1", "2", "3", "4"], action: "tab" },
  { keys: ["?"], action: "help" },
  { keys: ["Esc"], action: "clear" },
];

/** The part of a DOM element the guard reads (an Element satisfies it; tests pass plain objects). */
export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
  closest?(selector: string): unknown;
}

// Inputs that take no text: a key pressed on them is still a shortcut.
const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"]);

/** True when the key goes to a field the person is typing in (an input, a textarea, a select, anything
 * contenteditable, a combobox or textbox, an open list of options): then no shortcut may act on it. */
export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? "").toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input") return !NON_TEXT_INPUTS.has((target.type ?? "text").toLowerCase());
  if (target.isContentEditable) return true;
  const role = target.getAttribute?.("role");
  if (role === "textbox" || role === "searchbox" || role === "combobox" || role === "listbox" || role === "option") return true;
  // Inside an open select's list, a contenteditable block, or a dialog's field.
  return Boolean(target.closest?.('[contenteditable=""], [contenteditable="true"], [role="listbox"], .ant-select-dropdown, .ant-picker-dropdown'));
}

/** The key event's fields the mapping reads. */
export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: TargetLike | null;
}

/** The shortcut a key press means, or null: never while typing in a field, never with Ctrl, ⌘ or Alt
 * (the browser's and the system's own shortcuts stay theirs). Shift is allowed for `?`. */
export function shortcutOf(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  switch (event.key) {
    case "j":
    case "ArrowDown":
      return { kind: "next" };
    case "k":
    case "ArrowUp":
      return { kind: "previous" };
    case "Enter":
    case "o":
      return { kind: "open" };
    case "x":
      return { kind: "select" };
    case "t":
      return { kind: "take" };
    case "a":
      return { kind: "assign" };
    case "c":
      return { kind: "comment" };
    case "e":
      return { kind: "close" };
    case "/":
      return { kind: "search" };
    case "?":
      return { kind: "help" };
    case "Escape":
      return { kind: "clear" };
    case "1":
    case "2":
    case "3":
    case "4":
      return { kind: "tab", tab: PANEL_TABS[Number(event.key) - 1]! };
    default:
      return null;
  }
}
