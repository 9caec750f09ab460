import {
  DEFAULT_PANEL_TAB,
  PANEL_TABS,
  SORT_OPTIONS,
  defaultSort,
  type PanelTab,
  type SortOption,
} from "@atalaya/shared";
import { readJson, safeGet, safeSet, type KeyValueStore } from "../../../lib/storage";

/** localStorage keys of the events panel (kept here so e2e tests and code agree). */
export const PANEL_STORAGE_KEYS = {
  /** The selected status tab (SPEC §2: remembered locally, default pending). */
  tab: "atalaya.panel.tab",
  /** The sort chosen per tab, as JSON `{ [tab]: sort }`. */
  sorts: "atalaya.panel.sorts",
} as const;

/** True for a tab of the events panel. */
export function isPanelTab(value: unknown): value is PanelTab {
  return typeof value === "string" && (PANEL_TABS as readonly string[]).includes(value);
}

function isSortOption(value: unknown): value is SortOption {
  return typeof value === "string" && (SORT_OPTIONS as readonly string[]).includes(value);
}

/** The remembered tab, or pending. */
export function readPanelTab(store: KeyValueStore): PanelTab {
  const stored = safeGet(store, PANEL_STORAGE_KEYS.tab);
  return isPanelTab(stored) ? stored : DEFAULT_PANEL_TAB;
}

/** Remembers the selected tab. */
export function writePanelTab(store: KeyValueStore, tab: PanelTab): void {
  safeSet(store, PANEL_STORAGE_KEYS.tab, tab);
}

/** The sort of a tab: the one the operator chose last, else the tab's SPEC §4 default. */
export function readPanelSort(store: KeyValueStore, tab: PanelTab): SortOption {
  const stored = readJson(store, PANEL_STORAGE_KEYS.sorts);
  const value = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>)[tab] : undefined;
  return isSortOption(value) ? value : defaultSort(tab);
}

/** Remembers the sort chosen for a tab, keeping the other tabs' choices. */
export function writePanelSort(store: KeyValueStore, tab: PanelTab, sort: SortOption): void {
  const stored = readJson(store, PANEL_STORAGE_KEYS.sorts);
  const current = typeof stored === "object" && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  safeSet(store, PANEL_STORAGE_KEYS.sorts, JSON.stringify({ ...current, [tab]: sort }));
}
