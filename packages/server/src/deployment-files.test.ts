import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig, SETTING_NAMES } from "./config.js";

// The deployment files (Dockerfile, compose.yaml, deploy/haproxy.cfg at the repository's root) pass the
// server only settings config.ts reads, with values it accepts, and their timings fit the balancer's.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const read = (name: string) => readFileSync(join(ROOT, name), "utf8");

type Service = { build?: unknown; environment?: Record<string, string | number | boolean>; stop_grace_period?: string };

/** compose.yaml's services as Compose reads them (YAML merge keys `<<` resolved). */
function composeServices(text: string): Record<string, Service> {
  return (parse(text, { merge: true }) as { services: Record<string, Service> }).services;
}

/** The services built from the Dockerfile, the server processes, with their environments. */
function appServices(text: string): [string, Record<string, string>][] {
  return Object.entries(composeServices(text))
    .filter(([, s]) => s.build !== undefined)
    .map(([name, s]) => [name, Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, String(v)]))]);
}

/** The Dockerfile's ENV settings (`ENV A=1 B=2`, continued lines joined); a form without `=` is refused. */
function dockerfileEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.replace(/\\\n/g, " ").split("\n")) {
    const match = /^\s*ENV\s+(.+)$/i.exec(line);
    if (!match) continue;
    for (const pair of match[1]!.trim().split(/\s+/)) {
      const at = pair.indexOf("=");
      if (at <= 0) throw new Error(`ENV ${pair}: write it NAME=value`);
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}

/** A value as Compose would pass it: `${X:-default}` gives its default, `${X:?why}` (a value the operator
 * must set in .env) and `${X}` a 32-character hex string, as deploy/README.md makes them. */
function interpolated(value: string): string {
  return value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_all, _name, kind?: string, rest?: string) => (kind === "-" ? rest! : "0123456789abcdef".repeat(2)));
}

/** Milliseconds of a Compose duration such as 20s, 1m30s or 500ms. */
function durationMs(text: string): number {
  let ms = 0;
  for (const [, n, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) ms += Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as "ms"];
  return ms;
}

const compose = read("compose.yaml");
const apps = appServices(compose);
const image = dockerfileEnv(read("Dockerfile"));
const known = new Set(SETTING_NAMES);

/** A server process's configuration: the image's settings, its service's over them, interpolated. */
const configOf = (env: Record<string, string>) => loadConfig(Object.fromEntries(Object.entries({ ...image, ...env }).map(([k, v]) => [k, interpolated(v)])));

describe("deployment files", () => {
  it("config.ts lists its settings from its schema", () => {
    expect(SETTING_NAMES).toContain("DATABASE_URL");
    expect(SETTING_NAMES).toContain("SHUTDOWN_NOTICE_MS");
    expect(SETTING_NAMES.length).toBeGreaterThan(40);
  });

  it("compose.yaml runs three server processes from the Dockerfile, each named", () => {
    expect(apps.map(([name]) => name)).toEqual(["app-1", "app-2", "app-3"]);
    expect(apps.map(([, env]) => env.INSTANCE_NAME)).toEqual(["app-1", "app-2", "app-3"]);
  });

  it("compose.yaml passes the server only settings config.ts knows", () => {
    for (const [name, env] of apps) expect(Object.keys(env).filter((k) => !known.has(k)), name).toEqual([]);
  });

  it("the Dockerfile sets only settings config.ts knows", () => {
    expect(Object.keys(image).length).toBeGreaterThan(0);
    expect(Object.keys(image).filter((k) => !known.has(k))).toEqual([]);
  });

  it("config.ts accepts every value they pass (the image's, then each service's over it)", () => {
    for (const [name, env] of apps) expect(() => configOf(env), name).not.toThrow();
  });

  it("the unknown-setting and value checks can fail", () => {
    expect(() => dockerfileEnv("ENV PORT 8080")).toThrow(/NAME=value/);
    expect(dockerfileEnv("FROM x\nENV A=1 \\\n  B=2\nRUN true")).toEqual({ A: "1", B: "2" });
    expect(known.has("FILE_STORE_BUKET")).toBe(false);
    expect(() => loadConfig({ SHUTDOWN_NOTICE_MS: interpolated("${NOTICE:-soon}") })).toThrow(/SHUTDOWN_NOTICE_MS/);
    expect(interpolated("postgres://a:${P:?set it}@db/x")).toBe(`postgres://a:${"0123456789abcdef".repeat(2)}@db/x`);
  });

  it("the balancer sends work to exactly compose's server processes, on the port they listen on", () => {
    const servers = [...read("deploy/haproxy.cfg").matchAll(/^\s*server (\S+) (\S+):(\d+)/gm)].map(([, name, host, port]) => ({ name, host, port: Number(port) }));
    expect(servers).toEqual(apps.map(([name, env]) => ({ name, host: name, port: configOf(env).port })));
  });

  it("a draining process stays in the balancer's checks long enough, and Compose waits for its drain", () => {
    const check = /default-server check inter (\d+)ms fall (\d+)/.exec(read("deploy/haproxy.cfg"));
    expect(check).not.toBeNull();
    const neededNoticeMs = Number(check![1]) * (Number(check![2]) + 1);
    const services = composeServices(compose);
    for (const [name, env] of apps) {
      const noticeMs = Number(env.SHUTDOWN_NOTICE_MS);
      expect(noticeMs, name).toBeGreaterThanOrEqual(neededNoticeMs);
      // server.ts: the notice, then at most 10 s for what is in flight, before Compose's SIGKILL.
      expect(durationMs(services[name]!.stop_grace_period ?? "10s"), name).toBeGreaterThan(noticeMs + 10_000);
    }
  });
});
