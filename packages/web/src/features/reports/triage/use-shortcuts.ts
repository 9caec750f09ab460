import { useEffect, useRef } from "react";
import { isTypingTarget, shortcutOf, type KeyLike, type ShortcutAction, type TargetLike } from "./shortcuts";

/** True while a dialog (modal, drawer) is open: its keys are its own. */
function dialogOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].some((el) => el.getClientRects().length > 0);
}

// Keys that mean something else on the element they are pressed on: arrows scroll the detail and move
// inside widgets, Enter presses buttons and follows links. They are shortcuts only on the page itself or
// the panel's list.
const OWNED_BY_TARGET = new Set(["ArrowDown", "ArrowUp", "Enter"]);
function keyIsFree(event: KeyboardEvent): boolean {
  if (!OWNED_BY_TARGET.has(event.key)) return true;
  const target = event.target as HTMLElement | null;
  if (!target || target === document.body) return true;
  if (event.key === "Enter") return target.matches('[data-testid="report-list"]');
  return Boolean(target.closest(".events-panel__list")) && !target.closest('[role="tablist"]');
}

/** Listens to the page's keys and hands each shortcut to `handle` (issue 18 keyboard triage): never while
 * typing in a field (Esc leaves it), never inside an open dialog (but `?` closes the help). `handle` returns
 * false when the shortcut did nothing here, so the key keeps its default. */
export function useShortcuts(handle: (action: ShortcutAction) => boolean, helpOpen: boolean): void {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || (event.repeat && event.key === "?")) return;
      // Esc leaves the field being typed in (an open list of options closes first), so the keyboard
      // gets back to the shortcuts without a mouse.
      const target = event.target as HTMLElement | null;
      if (event.key === "Escape" && target && isTypingTarget(target as TargetLike) && target.getAttribute("aria-expanded") !== "true" && !dialogOpen()) {
        target.blur();
        return;
      }
      const action = shortcutOf(event as unknown as KeyLike);
      if (!action || !keyIsFree(event)) return;
      if (helpOpen ? action.kind !== "help" : dialogOpen()) return;
      if (latest.current(action)) event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [helpOpen]);
}
