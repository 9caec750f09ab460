import { companyIdParamSchema, successSchema } from "../auth.js";
import { eventsQuerySchema, eventsResponseSchema, logsPusherBodySchema, logsPusherQuerySchema, ticketBodySchema, ticketResponseSchema } from "../realtime.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's realtime/ folder (realtime/realtime.routes.ts). */
export const realtimeRouteTable = defineRoutes({
  postRealtimeTicket: {
    method: "POST",
    path: "/api/realtime/ticket",
    tags: ["realtime"],
    summary: "A single-use ticket (valid 30 s) to open the real-time WebSocket for one company",
    access: { kind: "company", permission: "events.read", companyFrom: "request" },
    body: ticketBodySchema,
    answer: ticketResponseSchema,
    errors: [],
  },
  getCompaniesByCompanyIdEvents: {
    method: "GET",
    path: "/api/companies/:companyId/events",
    tags: ["realtime"],
    summary: "Events of the company after a sequence number, for a client that reconnects",
    access: { kind: "company", permission: "events.read" },
    params: companyIdParamSchema,
    query: eventsQuerySchema,
    answer: eventsResponseSchema,
    errors: [],
  },
  postLogsPusher: {
    method: "POST",
    path: "/api/logs-pusher",
    tags: ["realtime"],
    summary: "Connectivity logs of the portal (connects, disconnects)",
    access: { kind: "company", permission: "company.monitor", companyFrom: "request" },
    query: logsPusherQuerySchema,
    body: logsPusherBodySchema,
    answer: successSchema,
    errors: [],
  },
});
