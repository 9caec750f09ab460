import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../lib/storage";
import { ConnectivityLog, groupIntoBatches, type ConnectivityLogBatch } from "./connectivity-log";

const entry = (type: string, date: string) => ({
  type,
  user_id: 3,
  company_id: 7,
  event: { date, event: type, details: { code: 1006 } },
});

describe("ConnectivityLog", () => {
  it("stores every entry in atalaya.connectivityLogs and removes it once the server accepted it", async () => {
    const store = createMemoryStore();
    const sent: ConnectivityLogBatch[] = [];
    const log = new ConnectivityLog(store, async (batch) => void sent.push(batch));
    await log.record(entry("connected", "2026-01-01T00:00:00.000Z"));
    expect(sent).toEqual([
      { type: "connected", user_id: 3, company_id: 7, events: [{ date: "2026-01-01T00:00:00.000Z", event: "connected", details: { code: 1006 } }] },
    ]);
    expect(log.pending()).toEqual([]);
    expect(JSON.parse(store.getItem("atalaya.connectivityLogs") ?? "null")).toEqual([]);
  });

  it("keeps what failed and resends it with the next send", async () => {
    const store = createMemoryStore();
    let online = false;
    const sent: ConnectivityLogBatch[] = [];
    const log = new ConnectivityLog(store, async (batch) => {
      if (!online) throw new Error("offline");
      sent.push(batch);
    });
    await log.record(entry("disconnected", "2026-01-01T00:00:00.000Z"));
    expect(log.pending()).toHaveLength(1);
    online = true;
    await log.record(entry("disconnected", "2026-01-01T00:00:05.000Z"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events.map((event) => event.date)).toEqual(["2026-01-01T00:00:00.000Z", "2026-01-01T00:00:05.000Z"]);
    expect(log.pending()).toEqual([]);
  });

  it("survives a reload: entries written by an earlier page are sent by the next one", async () => {
    const store = createMemoryStore();
    await new ConnectivityLog(store, () => Promise.reject(new Error("offline"))).record(
      entry("connected", "2026-01-01T00:00:00.000Z"),
    );
    const sent: ConnectivityLogBatch[] = [];
    await new ConnectivityLog(store, async (batch) => void sent.push(batch)).flush();
    expect(sent).toHaveLength(1);
  });

  it("sends one batch per type, user and company", () => {
    const batches = groupIntoBatches([
      { id: "a", ...entry("connected", "1") },
      { id: "b", ...entry("disconnected", "2") },
      { id: "c", ...entry("connected", "3") },
    ]);
    expect(batches.map(({ batch, ids }) => [batch.type, ids])).toEqual([
      ["connected", ["a", "c"]],
      ["disconnected", ["b"]],
    ]);
  });

  it("ignores corrupt storage", () => {
    const store = createMemoryStore();
    store.setItem("atalaya.connectivityLogs", "{not json");
    expect(new ConnectivityLog(store, async () => undefined).pending()).toEqual([]);
  });
});
