import { realtimeMessageSchema, realtimeRouteTable as realtime } from "@atalaya/shared";
import { call } from "../../lib/call";
import type { RealtimeTransport } from "./realtime-client";

/** The channel's address for a ticket, same origin as the page. The socket is not an API route (the route
 * table has no entry for it), so its path is written here. */
export function realtimeUrl(ticket: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // eslint-disable-next-line no-restricted-syntax -- the socket has no route-table entry (see above)
  return `${scheme}://${location.host}/api/realtime?ticket=${encodeURIComponent(ticket)}`;
}

/** Real transport: tickets and catch-up through the route table, messages through a browser WebSocket. */
export function createBrowserTransport(): RealtimeTransport {
  return {
    async fetchTicket(companyId) {
      const { ticket } = await call(realtime.postRealtimeTicket, { body: { companyId } });
      return ticket;
    },
    async fetchEventsAfter(companyId, after) {
      const { events, lastSeq } = await call(realtime.getCompaniesByCompanyIdEvents, { params: { companyId }, query: { after } });
      return { events, lastSeq };
    },
    openSocket(ticket, handlers) {
      const socket = new WebSocket(realtimeUrl(ticket));
      let closed = false;
      socket.onopen = () => {
        if (!closed) handlers.onOpen();
      };
      socket.onmessage = (event: MessageEvent<unknown>) => {
        if (closed || typeof event.data !== "string") return;
        let json: unknown;
        try {
          json = JSON.parse(event.data);
        } catch {
          return;
        }
        const parsed = realtimeMessageSchema.safeParse(json);
        if (parsed.success) handlers.onMessage(parsed.data);
      };
      socket.onclose = (event) => {
        if (closed) return;
        closed = true;
        handlers.onClose({ code: event.code, reason: event.reason });
      };
      return {
        close() {
          if (closed) return;
          closed = true;
          socket.close(1000, "client closed");
        },
      };
    },
  };
}
