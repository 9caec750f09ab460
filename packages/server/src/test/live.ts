import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { expect } from "vitest";
import type { RealtimeMessage } from "@atalaya/shared";
import { TEST_ORIGIN, body } from "./harness.js";
import { waitFor } from "./wait-for.js";

/** Real-time sockets a test opens, to close at its end (`closeAll`). */
export class LiveSockets {
  private readonly open: WebSocket[] = [];

  /** Opens a socket for the token's user in the company (ticket, then the WebSocket, as the portal
   * does), waits for its hello, and collects the data of every message of `type` it gets. */
  async collect<T>(app: FastifyInstance, token: string, companyId: number, type: RealtimeMessage["type"], pick: (data: Record<string, unknown>) => T): Promise<T[]> {
    const t = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: { "access-token": token }, payload: { companyId } });
    expect(t.statusCode, t.body).toBe(200);
    const got: T[] = [];
    let hello = false;
    const ws = await app.injectWS(`/api/realtime?ticket=${encodeURIComponent(body<{ ticket: string }>(t).ticket)}`, { headers: { origin: TEST_ORIGIN } }, {
      onInit: (socket) =>
        socket.on("message", (raw) => {
          const m = JSON.parse(String(raw)) as RealtimeMessage;
          if (m.type === "hello") hello = true;
          if (m.type === type) got.push(pick(m.data as Record<string, unknown>));
        }),
    });
    this.open.push(ws);
    await waitFor(() => hello);
    return got;
  }

  closeAll(): void {
    for (const ws of this.open.splice(0)) ws.terminate();
  }
}
