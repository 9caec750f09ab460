import { z } from "zod";
import { PORTAL_VERSION, REALTIME_FRAMES, REALTIME_TICKET_TTL_SECONDS } from "@atalaya/shared";
import { HEARTBEAT_MS } from "./hub.js";

// The real-time protocol as an AsyncAPI 3 document, served beside the OpenAPI one
// (GET /api/docs/asyncapi.json). Its message payloads are generated from the shared zod frame schemas
// (@atalaya/shared realtime-frames.ts), so the protocol is written once; the prose says what no schema can.

const HEARTBEAT_SECONDS = HEARTBEAT_MS / 1000;

const DESCRIPTION = `The portal's real-time channel: one WebSocket per signed-in user and company, server to client only (frames the client sends are ignored).

**Opening.** POST /api/realtime/ticket (with the access-token header, optional body {companyId}) answers a single-use ticket valid ${REALTIME_TICKET_TTL_SECONDS} s; open GET /api/realtime?ticket={ticket}. A used, expired or unknown ticket is refused with 401 before the upgrade; a browser's foreign Origin with 403.

**Frames.** Every frame is JSON {type, seq, companyId, data}. The first is \`hello\`, carrying the company stream's last seq.

**The stream and seq.** Events about reports are stored in a per-company stream numbered 1, 2, 3…: each frame's seq is one more than the previous one the client has, or there is a gap. A restricted user (zones, report types, only their own reports) receives, in place of events not for them, a \`seq\` placeholder {type:"seq", seq:N, data:{from:F}} (F…N are not for you; consecutive ones coalesced), so their stream stays contiguous. Live frames (operators, presence, patrol, notification, messages, neighbours, substatuses, collaboratorMessage) carry seq 0: they are not stored, never caught up, and never move the cursor.

**Heartbeats.** Every ${HEARTBEAT_SECONDS} s the server pings each socket (a WebSocket ping; a socket that does not answer is closed) and sends a \`seq\` tail {type:"seq", seq:N, data:{}}; it also sends one soon after a burst when the database holds events this process did not deliver.

**Catch-up.** A client whose cursor is behind a hello's or a tail's seq, or that sees a gap, reads GET /api/companies/{companyId}/events?after={cursor}&limit= (OpenAPI), filtered by the same restrictions; its lastSeq is where the cursor moves, even past events that were not for the user. After a reconnect: a new ticket, then hello, then catch-up from the cursor.

**Closing codes.** 4001 the session ended (logout, a revoked token); 4002 the member's access changed (reconnect with a new ticket); 4003 no longer a member; 1013 the client read too slowly; 1001 the server is shutting down.`;

/** A frame's payload: the shared zod schema as JSON Schema (draft-07, which AsyncAPI 3 schemas extend). */
function payloadOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: "draft-07", unrepresentable: "any", io: "output" }) as Record<string, unknown>;
  return json;
}

const TITLES: Record<keyof typeof REALTIME_FRAMES, string> = {
  hello: "hello",
  seqTail: "seq tail (heartbeat)",
  seqPlaceholder: "seq placeholder (restricted user)",
  newReport: "newReport",
  updateReport: "updateReport",
  removeReport: "removeReport",
  newComment: "newComment",
  newNote: "newNote",
  otherStreamEvent: "other stream events",
  operators: "operators (seq 0)",
  patrol: "patrol (seq 0)",
  notification: "notification (seq 0)",
  otherLiveFrame: "other live frames (seq 0)",
};

/** The server the socket is opened on: the deployment's own address (PUBLIC_URL), wss behind https. */
function asyncApiServer(publicUrl: string): Record<string, unknown> {
  const url = new URL(publicUrl);
  return {
    host: url.host,
    ...(url.pathname !== "/" ? { pathname: url.pathname.replace(/\/$/, "") } : {}),
    protocol: url.protocol === "https:" ? "wss" : "ws",
    description: "The portal's own address (PUBLIC_URL); the same origin as the HTTP API.",
    security: [{ $ref: "#/components/securitySchemes/ticket" }],
  };
}

let built: Record<string, unknown> | undefined;

/** The AsyncAPI 3.0 document of the real-time channel on the deployment at publicUrl (the frames'
 * part, generated from the shared schemas, is built once per process). */
export function asyncApiDocument(publicUrl: string): Record<string, unknown> {
  const { asyncapi, info, ...rest } = frames();
  return { asyncapi, info, servers: { portal: asyncApiServer(publicUrl) }, ...rest };
}

// What does not depend on the deployment: the channel, its frames and the prose.
function frames(): Record<string, unknown> {
  if (built) return built;
  const names = Object.keys(REALTIME_FRAMES) as (keyof typeof REALTIME_FRAMES)[];
  const messages = Object.fromEntries(
    names.map((name) => {
      const schema = REALTIME_FRAMES[name];
      return [name, { name, title: TITLES[name], summary: schema.description, contentType: "application/json", payload: payloadOf(schema) }];
    }),
  );
  const refs = Object.fromEntries(names.map((name) => [name, { $ref: `#/components/messages/${name}` }]));
  built = {
    asyncapi: "3.0.0",
    info: { title: "Atalaya real-time channel", version: PORTAL_VERSION, description: DESCRIPTION },
    defaultContentType: "application/json",
    channels: {
      realtime: {
        address: "/api/realtime",
        title: "Company events",
        description: "One socket per user and company, opened with a ticket.",
        messages: refs,
        bindings: {
          ws: {
            method: "GET",
            query: {
              type: "object",
              properties: { ticket: { type: "string", minLength: 1, maxLength: 200, description: `Single-use, valid ${REALTIME_TICKET_TTL_SECONDS} s, from POST /api/realtime/ticket` } },
              required: ["ticket"],
            },
          },
        },
      },
    },
    operations: {
      sendFrames: {
        action: "send",
        channel: { $ref: "#/channels/realtime" },
        summary: "The server sends hello, then stream events, seq frames and live frames.",
        messages: names.map((name) => ({ $ref: `#/channels/realtime/messages/${name}` })),
      },
    },
    components: {
      messages,
      securitySchemes: {
        ticket: { type: "httpApiKey", name: "ticket", in: "query", description: "The ticket of POST /api/realtime/ticket (access-token header)." },
      },
    },
  };
  return built;
}
