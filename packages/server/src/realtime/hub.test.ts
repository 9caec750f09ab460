import type { WebSocket } from "ws";
import { afterEach, describe, expect, it } from "vitest";
import type { RealtimeMessage } from "@atalaya/shared";
import { memoryBus } from "./bus.js";
import { Hub } from "./hub.js";
import { waitFor } from "../test/wait-for.js";

/** A stand-in for an open ws socket: records what is sent and how the TCP socket is corked. */
function fakeSocket(bufferedAmount = 0) {
  const tcp = { corks: 0, uncorks: 0, cork() { this.corks++; }, uncork() { this.uncorks++; } };
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    sent: [] as RealtimeMessage[],
    closedWith: undefined as number | undefined,
    _socket: tcp,
    send(data: Buffer) { this.sent.push(JSON.parse(data.toString()) as RealtimeMessage); },
    close(code: number) { this.closedWith = code; },
    on() { return this; },
  };
  return socket;
}

const message = (companyId: number, seq: number): RealtimeMessage => ({ type: "updateReport", seq, companyId, data: { n: seq } });

let hub: Hub | undefined;
afterEach(() => hub?.close());

describe("Hub", () => {
  it("sends a lone event at once, and a burst in order, coalesced into a few writes a socket", async () => {
    const bus = memoryBus();
    hub = new Hub(bus);
    const a = fakeSocket();
    const b = fakeSocket();
    const other = fakeSocket();
    hub.add(a as unknown as WebSocket, 1, 10, "x");
    hub.add(b as unknown as WebSocket, 2, 10, "y");
    hub.add(other as unknown as WebSocket, 3, 11, "z");

    await bus.publish(message(10, 1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(a.sent.map((m) => m.seq)).toEqual([1]);

    for (let seq = 2; seq <= 50; seq++) await bus.publish(message(10, seq));
    await waitFor(() => expect([a.sent.length, b.sent.length]).toEqual([50, 50]));
    for (const s of [a, b]) {
      expect(s.sent.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(s._socket.corks).toBeLessThanOrEqual(3);
      expect(s._socket.corks).toBe(s._socket.uncorks);
    }
    expect(other.sent).toEqual([]);
  });

  it("closes a socket that cannot keep up instead of buffering without end", async () => {
    const bus = memoryBus();
    hub = new Hub(bus);
    const slow = fakeSocket(5 * 1024 * 1024);
    hub.add(slow as unknown as WebSocket, 1, 10, "x");
    await bus.publish(message(10, 1));
    await waitFor(() => expect(slow.closedWith).toBe(1013));
    expect(slow.sent).toEqual([]);
    expect(slow.closedWith).toBe(1013);
  });
});
