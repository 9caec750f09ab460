import { describe, expect, it } from "vitest";
import { MODULES, type SettingsResponse } from "@atalaya/shared";
import { MENU, activeEntry, lockedScreenAt, menuAccess, refusedScreenAt, visibleMenu, type MenuEntry } from "./menu";
import { loadWholeCatalogue } from "../../app/catalogues";

const es = await loadWholeCatalogue("es");
const en = await loadWholeCatalogue("en");
const fr = await loadWholeCatalogue("fr");

const paths = (entries: MenuEntry[]) => entries.map((e) => e.path);
const every = [...MODULES];

describe("visibleMenu", () => {
  it("shows a company admin every screen when the company has every module, but the provider's and the free plan's", () => {
    expect(paths(visibleMenu({ modules: every, role: "company_admin" }))).toEqual(paths(MENU.filter((e) => !e.provider && e.freemium !== "lockedOnly")));
    expect(paths(visibleMenu({ modules: every, role: "company_admin", provider: true }))).toEqual(paths(MENU.filter((e) => e.freemium !== "lockedOnly")));
  });

  it("locks the full plan's screens for a free organisation, whatever its modules", () => {
    const shown = visibleMenu({ modules: ["events"], role: "operator", freemium: true });
    expect(shown.filter((e) => e.locked).map((e) => e.path)).toEqual(["/v3/teams", "/v3/messages"]);
    // A full-plan organisation with the module opens the real messages screen (issue 15), unlocked.
    const full = visibleMenu({ modules: every, role: "operator" });
    expect(full.some((e) => e.locked)).toBe(false);
    expect(full.some((e) => e.path === "/v3/messages")).toBe(true);
  });

  it("locks by address exactly the screens the menu locks, and the screens under them", () => {
    const free = { modules: [...MODULES], role: "operator" as const, freemium: true };
    const lockedInMenu = visibleMenu(free).filter((e) => e.locked);
    for (const entry of lockedInMenu) {
      expect(lockedScreenAt(entry.path, free)?.path).toBe(entry.path);
      expect(lockedScreenAt(`${entry.path}/12`, free)?.path).toBe(entry.path);
    }
    for (const entry of MENU.filter((e) => e.freemium === undefined)) expect(lockedScreenAt(entry.path, free), entry.path).toBeUndefined();
    // A neighbour whose path only starts the same is not locked; a full-plan organisation has no lock.
    expect(lockedScreenAt("/v3/messages-approval", free)).toBeUndefined();
    expect(lockedScreenAt("/v3/messages", { ...free, freemium: false })).toBeUndefined();
    expect(lockedScreenAt("/v3/teams", { ...free, role: "company_admin" })?.path).toBe("/v3/teams");
  });

  it("refuses by address exactly the screens the menu hides from the role, and the screens under them", () => {
    const operator = { modules: every, role: "operator" as const };
    const shown = new Set(paths(visibleMenu(operator)));
    for (const entry of MENU) {
      const refused = refusedScreenAt(entry.path, operator)?.path;
      expect(refused, entry.path).toBe(shown.has(entry.path) ? undefined : entry.path);
    }
    expect(refusedScreenAt("/v3/users/12", operator)?.path).toBe("/v3/users");
    expect(refusedScreenAt("/v3/events/abc", operator)).toBeUndefined();
    // A company admin opens the admin screens, not the provider's; the provider's administrator does.
    expect(refusedScreenAt("/v3/users", { ...operator, role: "company_admin" })).toBeUndefined();
    expect(refusedScreenAt("/v3/companies", { ...operator, role: "company_admin" })?.path).toBe("/v3/companies");
    expect(refusedScreenAt("/v3/companies", { ...operator, role: "company_admin", provider: true })).toBeUndefined();
    // A module the company lacks is not a refusal of the role; an address of no entry is the fallback's.
    expect(refusedScreenAt("/v3/assets", { modules: ["events"], role: "operator" })).toBeUndefined();
    expect(refusedScreenAt("/v3/nowhere", operator)).toBeUndefined();
  });

  it("hides the admin-only connections from operators, and worker screens from patrols", () => {
    const operator = paths(visibleMenu({ modules: every, role: "operator" }));
    expect(operator).toContain("/v3/operators");
    expect(operator).toContain("/v3/replies");
    expect(operator).not.toContain("/v3/connections");
    expect(operator).not.toContain("/v3/plate-lookups");
    const patrol = paths(visibleMenu({ modules: every, role: "patrol" }));
    // Messages to collaborators reach patrols too (issue 15).
    expect(patrol).toEqual(["/v3/events", "/v3/history", "/v3/activity", "/v3/zones", "/v3/sounds", "/v3/collaborators/messages"]);
  });

  it("hides an entry whose module the company lacks, and keeps the entries that need none", () => {
    const shown = paths(visibleMenu({ modules: ["events"], role: "company_admin" }));
    const noModule = ["/v3/reviews", "/v3/connections", "/v3/plate-lookups", "/v3/operators", "/v3/users", "/v3/collaborators/messages", "/v3/sources", "/v3/form-selectors", "/v3/settings"];
    expect(shown).toEqual(["/v3/events", "/v3/replies", "/v3/reviews", "/v3/connections", "/v3/plate-lookups", "/v3/operators", "/v3/sounds", "/v3/users", "/v3/collaborators/messages", "/v3/sources", "/v3/form-selectors", "/v3/settings"]);
    expect(paths(visibleMenu({ modules: [], role: "company_admin" }))).toEqual(noModule);
  });

  it("shows nothing to someone without a role in the company", () => {
    expect(visibleMenu({ modules: every, role: null })).toEqual([]);
  });

  it("takes a one-line row for a new screen", () => {
    const extra: MenuEntry = { ...MENU[0]!, path: "/v3/tags", label: "modules.events", module: "tags", roles: ["company_admin"] };
    expect(paths(visibleMenu({ modules: ["tags"], role: "company_admin" }, [...MENU, extra]))).toContain("/v3/tags");
    expect(paths(visibleMenu({ modules: ["events"], role: "company_admin" }, [...MENU, extra]))).not.toContain("/v3/tags");
  });

  it("holds every row of every feature's menu, in the order app/ gives them", () => {
    const menus = import.meta.glob<{ menu: Record<string, MenuEntry> }>("../../features/*/menu.ts", { eager: true });
    const rows = Object.values(menus).flatMap((module) => Object.values(module.menu));
    expect(rows.length).toBeGreaterThan(30);
    expect([...MENU].sort((a, b) => a.path.localeCompare(b.path))).toEqual(rows.sort((a, b) => a.path.localeCompare(b.path)));
  });

  it("has one row per path, every path under /v3", () => {
    expect(new Set(paths([...MENU])).size).toBe(MENU.length);
    for (const e of MENU) expect(e.path).toMatch(/^\/v3\/[a-z-]+(\/[a-z-]+)?$/);
  });
});

describe("menuAccess", () => {
  const settings = (role: string, modules: string[]) =>
    ({ company: { id: 7, modules, is_freemium: false }, user: { groups: [3], companies: [{ id: 3, role: "company_admin" }, { id: 7, role }] } }) as unknown as SettingsResponse;

  it("reads the modules of the selected company and the role in it", () => {
    expect(menuAccess(settings("operator", ["events"]))).toEqual({ modules: ["events"], role: "operator", freemium: false, provider: false });
  });

  it("gives no role for an unknown membership", () => {
    expect(menuAccess(settings("guest", [])).role).toBeNull();
  });
});

describe("activeEntry", () => {
  it("selects the entry of the open screen, also below it", () => {
    expect(activeEntry("/v3/events/abc", MENU)?.path).toBe("/v3/events");
    expect(activeEntry("/v3/operators", MENU)?.path).toBe("/v3/operators");
    expect(activeEntry("/v3/eventsx", MENU)).toBeUndefined();
  });
});

describe("MENU labels", () => {
  it("name each row from the catalogue: a module's main screen by the module's own name, the others by their nav text", () => {
    for (const catalogue of [es, en, fr]) {
      for (const entry of MENU) {
        const [section, key] = entry.label.split(".") as ["nav" | "modules", string];
        expect(catalogue[section], entry.path).toHaveProperty(key);
      }
    }
    // One name per module: the settings' module list and the menu say "Mapa" from the same text.
    expect(MENU.find((e) => e.path === "/v3/maps")?.label).toBe("modules.maps");
    expect(es.modules.maps).toBe("Mapa");
    expect(MENU.filter((e) => e.label.startsWith("modules.")).every((e) => e.label === `modules.${e.module}`)).toBe(true);
  });
});
