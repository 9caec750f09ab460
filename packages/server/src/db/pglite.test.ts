import { describe, expect, it } from "vitest";
import { testDb } from "../test/harness.js";

// PGlite is one connection: a statement sent to the database while one of its transactions runs would
// wait for that transaction, which waits for the statement. The wrapper refuses it instead of hanging.
describe.runIf((await testDb()).kind === "pglite")("embedded database (PGlite)", () => {
  it("refuses a statement sent to the database inside one of its transactions, and stays usable", async () => {
    const db = await testDb();
    await expect(db.transaction(async () => db.query("select 1"))).rejects.toThrow(/inside one of its transactions/);
    await expect(db.transaction(async (tx) => (await tx.query<{ n: number }>("select 2 as n"))[0]!.n)).resolves.toBe(2);
    expect(await db.query<{ n: number }>("select 3 as n")).toEqual([{ n: 3 }]);
  });

  it("lets work started in a transaction reach the database once the transaction is over", async () => {
    const db = await testDb();
    let over!: () => void;
    const gate = new Promise<void>((resolve) => (over = resolve));
    let later: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("select 1");
      later = gate.then(() => db.query("select 1 as n"));
    });
    over();
    await expect(later).resolves.toEqual([{ n: 1 }]);
  });
});
