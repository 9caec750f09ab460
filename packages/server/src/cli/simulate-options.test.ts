import { describe, expect, it } from "vitest";
import { defaultPortalUrl, parseSimulateOptions, SIMULATE_HELP } from "./simulate-options.js";

const run = (args: string[], env: Record<string, string | undefined> = {}) => {
  const command = parseSimulateOptions(args, env);
  if (command.kind !== "run") throw new Error(`expected options, got ${JSON.stringify(command)}`);
  return command.options;
};

describe("npm run simulate: options", () => {
  it("without --url drives the portal the environment describes: SIMULATE_URL, PUBLIC_URL, then PORT", () => {
    expect(run([], {}).url).toBe("http://localhost:8080");
    expect(run([], { PORT: "8090" }).url).toBe("http://localhost:8090");
    expect(run([], { PORT: "8090", PUBLIC_URL: "https://atalaya.example.cl/" }).url).toBe("https://atalaya.example.cl");
    expect(run([], { PORT: "8090", PUBLIC_URL: "https://atalaya.example.cl", SIMULATE_URL: "http://127.0.0.1:9000" }).url).toBe(
      "http://127.0.0.1:9000",
    );
    // Empty values count as unset, as they do for the server.
    expect(run([], { PORT: " ", PUBLIC_URL: "" }).url).toBe("http://localhost:8080");
    expect(defaultPortalUrl({ PORT: "3000" })).toEqual({ url: "http://localhost:3000" });
  });

  it("--url wins over the environment", () => {
    expect(run(["--url=http://10.0.0.5:8080/"], { PORT: "8090", PUBLIC_URL: "https://x.cl", SIMULATE_URL: "http://y" }).url).toBe(
      "http://10.0.0.5:8080",
    );
    expect(run(["--url", "http://localhost:7000"]).url).toBe("http://localhost:7000");
  });

  it("reads rate and duration with their defaults", () => {
    expect(run([])).toEqual({ url: "http://localhost:8080", rate: 6, durationSeconds: undefined });
    expect(run(["--rate=30", "--duration=60"], { PORT: "8090" })).toEqual({ url: "http://localhost:8090", rate: 30, durationSeconds: 60 });
  });

  it("refuses bad values with one line naming them, and answers --help", () => {
    const error = (args: string[], env: Record<string, string> = {}) => {
      const command = parseSimulateOptions(args, env);
      return command.kind === "error" ? command.message : `not an error: ${command.kind}`;
    };
    expect(error([], { PORT: "eighty" })).toBe("Invalid PORT: eighty (1–65535; or give --url)");
    expect(error([], { PORT: "0" })).toMatch(/^Invalid PORT: 0/);
    expect(error([], { PUBLIC_URL: "localhost:8080" })).toMatch(/^Invalid URL: localhost:8080/);
    expect(error(["--url=not a url"])).toMatch(/^Invalid URL: not a url/);
    expect(error(["--rate=0"])).toMatch(/^Invalid --rate: 0/);
    expect(error(["--duration=-1"])).toMatch(/^Invalid --duration: -1/);
    expect(error(["--speed=9"])).toContain(SIMULATE_HELP);
    expect(parseSimulateOptions(["-h"], {})).toEqual({ kind: "help", text: SIMULATE_HELP });
  });
});
