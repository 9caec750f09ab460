import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../../lib/storage";
import { PANEL_STORAGE_KEYS, readPanelSort, readPanelTab, writePanelSort, writePanelTab } from "./panel-preferences";

describe("panel preferences", () => {
  it("remembers the tab, pending by default", () => {
    const store = createMemoryStore();
    expect(readPanelTab(store)).toBe("pending");
    writePanelTab(store, "in_observation");
    expect(readPanelTab(store)).toBe("in_observation");
    store.setItem(PANEL_STORAGE_KEYS.tab, "false");
    expect(readPanelTab(store)).toBe("pending");
  });

  it("remembers the sort per tab, each tab defaulting to its SPEC §4 sort", () => {
    const store = createMemoryStore();
    expect(readPanelSort(store, "pending")).toBe("triage");
    expect(readPanelSort(store, "solved")).toBe("newest");
    writePanelSort(store, "pending", "oldest");
    writePanelSort(store, "solved", "dueDate");
    expect(readPanelSort(store, "pending")).toBe("oldest");
    expect(readPanelSort(store, "solved")).toBe("dueDate");
    expect(readPanelSort(store, "in_progress")).toBe("newest");
    store.setItem(PANEL_STORAGE_KEYS.sorts, "{broken");
    expect(readPanelSort(store, "pending")).toBe("triage");
  });
});
