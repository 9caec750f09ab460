import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { REALTIME_TICKET_TTL_SECONDS, routes } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { loadRestrictions, type Restrictions } from "../auth/restrictions.js";
import { scopeOf } from "../auth/company-scope.js";
import { resolveScopeOrDefault } from "../auth/access.js";
import type { Config } from "../config.js";
import type { Db } from "../db/db.js";
import { AppError, notFound } from "../http/errors.js";
import { checkOrigin, originPolicy } from "../http/origin.js";
import { at } from "../http/route.js";
import { asyncApiDocument } from "./asyncapi.js";
import type { Hub } from "./hub.js";
import { lastSeq, listEventsAfter } from "./event.repository.js";
import { consumeTicket, issueTicket } from "./ticket.repository.js";

declare module "fastify" {
  interface FastifyRequest {
    socketScope?: { userId: number; companyId: number; tokenHash: string; restrictions: Restrictions };
  }
}

/** Lets an open socket drop what it kept of its upgrade request: @fastify/websocket's error listener
 * holds the request and reply (for its error handler) and the TCP socket the response that was never
 * sent, for as long as the socket stays open; at thousands of idle sockets that was most of what one
 * cost beyond `ws`'s own (issue 19). An error of an open socket (ws closes it after one) goes to
 * `onError`, one function for every socket (a closure per socket would cost each its memory). */
function releaseUpgrade(socket: WebSocket, onError: (this: WebSocket, err: Error) => void): void {
  socket.removeAllListeners("error");
  socket.on("error", onError);
  const tcp = (socket as unknown as { _socket?: Socket & { _httpMessage?: ServerResponse | null } })._socket;
  const response = tcp?._httpMessage;
  if (tcp && response) response.detachSocket(tcp);
}

/** Ticket, WebSocket, catch-up and connectivity-log routes of the real-time channel. They take the parts
 * of the app context they use: context.ts sits above realtime/ (architecture.test.ts). */
export async function realtimeRoutes(app: FastifyInstance, ctx: { config: Config; db: Db; hub: Hub }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origins = originPolicy(ctx.config);
  const onSocketError = (err: Error) => app.log.info({ err }, "websocket error");

  r.route({
    ...at(routes.postRealtimeTicket),
    handler: async (req) => {
      const actor = actorOf(req);
      const { companyId } = await resolveScopeOrDefault(ctx.db, actor, req.body?.companyId, "events.read");
      return { ticket: await issueTicket(ctx.db, companyId, actor.user.id, actor.token), expiresIn: REALTIME_TICKET_TTL_SECONDS };
    },
  });

  r.get(
    "/api/realtime",
    {
      websocket: true,
      // Hidden from the API document by @fastify/websocket, so outside the route table: the ticket is its credential.
      config: { public: true },
      schema: { tags: ["realtime"], summary: "WebSocket: {type, seq, companyId, data} messages", querystring: z.object({ ticket: z.string().min(1).max(200) }) },
      preValidation: async (req, reply) => {
        const origin = checkOrigin(req.headers.origin, req.raw, origins);
        if (!origin.allowed) {
          req.log.warn({ reason: origin.reason, origin: req.headers.origin ?? null, host: req.headers.host ?? null }, `websocket refused: ${origin.reason}`);
          return reply.code(403).send({ success: false, error: { code: "forbidden", message: "origin not allowed" } });
        }
        const ticket = (req.query as { ticket?: string }).ticket;
        const used = ticket ? await consumeTicket(ctx.db, ticket) : undefined;
        if (!used) throw new AppError(401, "invalidTicket", "invalidTicket");
        // Read fresh when the socket opens: the stream applies the user's current restrictions (SPEC §6).
        const restrictions = await loadRestrictions(ctx.db, used.company_id, used.user_id);
        if (!restrictions) throw notFound();
        req.socketScope = {
          userId: used.user_id,
          companyId: used.company_id,
          tokenHash: Buffer.from(used.access_token_hash).toString("hex"),
          restrictions,
        };
      },
    },
    async (socket, req) => {
      releaseUpgrade(socket, onSocketError);
      const scope = req.socketScope!;
      // Added before the seq is read, so no event falls between; what comes meanwhile (the operators
      // frame this socket's opening causes, events) waits for the hello, which is always the first frame.
      ctx.hub.add(socket, scope.userId, scope.companyId, scope.tokenHash, scope.restrictions, true);
      // The channel is server → client: client frames are read and dropped (ws emits them to no listener).
      ctx.hub.hello(socket, await lastSeq(ctx.db, scope.companyId));
    },
  );

  // The protocol of the socket above, beside the OpenAPI document (/api/docs/json).
  // Made on first request: generating the frames' schemas is not the start's work.
  let asyncApi: Record<string, unknown> | undefined;
  r.get("/api/docs/asyncapi.json", { config: { public: true }, schema: { hide: true } }, async () => (asyncApi ??= asyncApiDocument(ctx.config.publicUrl)));

  r.route({
    ...at(routes.getCompaniesByCompanyIdEvents),
    handler: async (req) => {
      const scope = scopeOf(req);
      // Only what the scope's restrictions may see; lastSeq is the last seq read, filtered or not, so a
      // restricted client moves its cursor past the events that are not for it.
      const page = await listEventsAfter(ctx.db, scope, req.query.after, req.query.limit);
      return { success: true as const, events: page.events, lastSeq: page.lastSeq };
    },
  });

  r.route({
    ...at(routes.postLogsPusher),
    handler: async (req) => {
      const actor = actorOf(req);
      // The operators' "Connections" screen: only members who watch the portal log there (not a patrol,
      // not a community account); without a company, the caller's default one.
      const { companyId } = await resolveScopeOrDefault(ctx.db, actor, req.body.company_id, "company.monitor");
      await ctx.db.query("insert into connectivity_logs (user_id, company_id, type, events) values ($1, $2, $3, $4)", [
        actor.user.id,
        companyId,
        req.body.type ?? req.query.type ?? null,
        JSON.stringify(req.body.events),
      ]);
      return { success: true as const };
    },
  });
}
