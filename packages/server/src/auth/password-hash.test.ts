import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { dummyHash, hashPassword, verifyPassword } from "./password-hash.js";

// argon2's encoded hash names its cost: $argon2id$v=19$m=<KiB>,p=<lanes>,t=<passes>$…
const costOf = (hash: string) => /^\$argon2id\$v=19\$(m=\d+,p=\d+,t=\d+)\$/.exec(hash)?.[1];

describe("password cost", () => {
  it("is production's unless configured: 64 MiB, 3 passes, 4 lanes", () => {
    expect(loadConfig({}).passwordCost).toEqual({ memoryKib: 65_536, passes: 3, parallelism: 4 });
    expect(loadConfig({ ARGON2_MEMORY_KIB: "8", ARGON2_PASSES: "1", ARGON2_PARALLELISM: "1" }).passwordCost).toEqual({ memoryKib: 8, passes: 1, parallelism: 1 });
  });

  it("refuses a cost argon2 cannot run, naming the setting", () => {
    for (const [env, name] of [
      [{ ARGON2_MEMORY_KIB: "4" }, "ARGON2_MEMORY_KIB"],
      [{ ARGON2_MEMORY_KIB: "lots" }, "ARGON2_MEMORY_KIB"],
      [{ ARGON2_PASSES: "0" }, "ARGON2_PASSES"],
      [{ ARGON2_PARALLELISM: "1.5" }, "ARGON2_PARALLELISM"],
      // 8 KiB a lane at least.
      [{ ARGON2_MEMORY_KIB: "16", ARGON2_PARALLELISM: "4" }, "ARGON2_MEMORY_KIB"],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(new RegExp(`^Invalid setting ${name}: `));
    }
  });

  it("is the one new hashes and the unknown user's dummy hash are made at", async () => {
    const cheap = { memoryKib: 8, passes: 1, parallelism: 1 };
    const other = { memoryKib: 64, passes: 2, parallelism: 2 };
    const hash = await hashPassword("Secreta-2026", cheap);
    expect(costOf(hash)).toBe("m=8,p=1,t=1");
    expect(costOf(await hashPassword("Secreta-2026", other))).toBe("m=64,p=2,t=2");
    expect(costOf(await dummyHash(cheap))).toBe("m=8,p=1,t=1");
    expect(costOf(await dummyHash(other))).toBe("m=64,p=2,t=2");
    expect(await verifyPassword(hash, "Secreta-2026")).toBe(true);
    expect(await verifyPassword(hash, "secreta-2026")).toBe(false);
    expect(await verifyPassword("not a hash", "Secreta-2026")).toBe(false);
  });
});
