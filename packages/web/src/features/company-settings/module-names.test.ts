import { describe, expect, it } from "vitest";
import { MODULES } from "@atalaya/shared";
import { moduleName, moduleOptions } from "./module-names";
import { loadWholeCatalogue } from "../../app/catalogues";

const es = await loadWholeCatalogue("es");
const en = await loadWholeCatalogue("en");
const fr = await loadWholeCatalogue("fr");

const translate = (catalogue: typeof en) => (key: string) => catalogue.modules[key.slice("modules.".length) as keyof (typeof en)["modules"]];

describe("module names", () => {
  it("name every SPEC §6 module in es, en and fr, never by its stored id", () => {
    for (const catalogue of [es, en, fr]) {
      for (const m of MODULES) expect(moduleName(translate(catalogue), m)).not.toBe(m);
    }
    expect(moduleName(translate(es), "history")).toBe("Historial");
    expect(moduleName(translate(en), "reported_users")).toBe("Reported users");
    expect(moduleName(translate(fr), "custom_dashboards")).toBe("Tableaux de bord personnalisés");
  });

  it("show a module this build does not know as the API sends it", () => {
    expect(moduleName(translate(es), "teleport")).toBe("teleport");
  });

  it("offer every module once, by name in the reader's alphabetical order, valued by its stored id", () => {
    const options = moduleOptions(translate(es), "es");
    expect(options.map((o) => o.value).sort()).toEqual([...MODULES].sort());
    expect(options[0]).toEqual({ value: "assets", label: "Activos" });
    expect(options.map((o) => o.label)).toEqual([...options.map((o) => o.label)].sort((a, b) => a.localeCompare(b, "es")));
  });
});
