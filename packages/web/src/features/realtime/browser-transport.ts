import { eventsResponseSchema, realtimeMessageSchema, ticketResponseSchema } from "@atalaya/shared";
import type { ApiClient } from "../../lib/api";
import type { RealtimeTransport } from "./realtime-client";

/** The channel's address for a ticket, same origin as the page. */
export function realtimeUrl(ticket: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/api/realtime?ticket=${encodeURIComponent(ticket)}`;
}

/** Real transport: tickets and catch-up through the API client, messages through a browser WebSocket. */
export function createBrowserTransport(api: ApiClient): RealtimeTransport {
  return {
    async fetchTicket(companyId) {
      const { ticket } = await api.post("/realtime/ticket", { companyId }, { schema: ticketResponseSchema });
      return ticket;
    },
    async fetchEventsAfter(companyId, after) {
      const { events, lastSeq } = await api.get(`/companies/${companyId}/events`, {
        query: { after },
        schema: eventsResponseSchema,
      });
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
