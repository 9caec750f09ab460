import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A writer that records its batches and answers each item doubled; "bad" items fail their batch. */
function recordingWriter() {
  const batches: number[][] = [];
  const written: number[] = [];
  const write = async (batch: number[]) => {
    batches.push([...batch]);
    await tick();
    if (batch.includes(-1)) throw new Error("bad item");
    written.push(...batch);
    return batch.map((n) => n * 2);
  };
  return { batches, written, write };
}

describe("groupCommit", () => {
  it("writes a lone item at once, and items arriving while a batch is written together", async () => {
    const w = recordingWriter();
    const gc = groupCommit(w.write, { maxBatch: 100, concurrency: 1 });
    const first = gc.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(w.batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((n) => gc.submit(n));
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8, 10]);
    expect(w.batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it("keeps batches within maxBatch and runs at most `concurrency` at once", async () => {
    const w = recordingWriter();
    let running = 0;
    let most = 0;
    const gc = groupCommit(
      async (batch: number[]) => {
        most = Math.max(most, ++running);
        try {
          return await w.write(batch);
        } finally {
          running--;
        }
      },
      { maxBatch: 3, concurrency: 2 },
    );
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => gc.submit(i)));
    expect(results).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
    expect(Math.max(...w.batches.map((b) => b.length))).toBe(3);
    expect(most).toBe(2);
    expect(w.written.sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });

  it("retries the items of a failed batch one by one: the bad one fails alone, the others are written once", async () => {
    const w = recordingWriter();
    const gc = groupCommit(w.write, { maxBatch: 100, concurrency: 1 });
    const settled = await Promise.allSettled([1, -1, 2, 3].map((n) => gc.submit(n)));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect((settled[1] as PromiseRejectedResult).reason).toEqual(new Error("bad item"));
    expect(w.written.sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it("drained() waits for everything submitted", async () => {
    const w = recordingWriter();
    const gc = groupCommit(w.write, { maxBatch: 2, concurrency: 1 });
    await gc.drained();
    const all = [1, 2, 3, 4, 5].map((n) => gc.submit(n));
    await gc.drained();
    expect(w.written).toHaveLength(5);
    await Promise.all(all);
  });
});
