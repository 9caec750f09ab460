import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOAST_SECONDS, toasts } from "./toast";

describe("toasts", () => {
  it("last 2 s for a success and 3 s for an error (SPEC §8), set once for every kind", () => {
    const calls: [string, unknown, unknown][] = [];
    type Open = Parameters<typeof toasts>[0]["success"];
    const record = (kind: string) =>
      ((content: unknown, duration: unknown) => {
        calls.push([kind, content, duration]);
      }) as unknown as Open;
    const toast = toasts({ success: record("success"), info: record("info"), warning: record("warning"), error: record("error") });
    void toast.success("Cambios guardados");
    void toast.error("No se pudo cerrar el reporte.");
    void toast.info("Ese comentario ya estaba publicado");
    void toast.warning("No se pudo copiar");
    expect(calls).toEqual([
      ["success", "Cambios guardados", 2],
      ["error", "No se pudo cerrar el reporte.", 3],
      ["info", "Ese comentario ya estaba publicado", 2],
      ["warning", "No se pudo copiar", 3],
    ]);
    expect(TOAST_SECONDS).toEqual({ success: 2, info: 2, warning: 3, error: 3 });
  });

  it("are the only way the portal shows a message toast", () => {
    const root = join(import.meta.dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.endsWith(".test.ts") && !path.endsWith(join("lib", "use-toast.ts"))) {
          const source = readFileSync(path, "utf8");
          // App.useApp().message, or Ant Design's static message API, would bypass the durations.
          if (/\{[^}]*\bmessage\b[^}]*\}\s*=\s*App\.useApp\(\)/.test(source) || /\bmessage\.(success|error|info|warning)\([^)]*,\s*\d/.test(source))
            offenders.push(path);
          if (/import\s*\{[^}]*\bmessage\b[^}]*\}\s*from\s*"antd"/.test(source)) offenders.push(path);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
