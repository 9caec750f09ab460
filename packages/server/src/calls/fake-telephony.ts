import { randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { startLocalService } from "../http/local-service.js";

/** How the fake telephony service answers: starting calls, or failing. */
export type FakeTelephonyMode = "normal" | "error";

export interface FakeTelephony {
  url: string;
  /** Calls asked for, in order. */
  calls: { to: string; reference: string; agent: string; authorization: string | undefined }[];
  mode(mode: FakeTelephonyMode): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for the telephony service (`POST /calls` `{to, reference, agent}` → `{id, status}`)
 * on 127.0.0.1 and a free port: the demo's (started in-process when no TELEPHONY_URL is set) and the
 * tests'. A number ending in 0 is busy, so the demo shows an outcome other than ringing.
 */
export async function startFakeTelephony(): Promise<FakeTelephony> {
  let mode: FakeTelephonyMode = "normal";
  const calls: FakeTelephony["calls"] = [];
  const service = await startLocalService((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || req.url !== "/calls") return void res.writeHead(404).end();
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      let call: { to?: unknown; reference?: unknown; agent?: unknown };
      try {
        call = JSON.parse(body) as typeof call;
      } catch {
        return void res.writeHead(400).end();
      }
      if (typeof call.to !== "string" || !/^\+\d{6,15}$/.test(call.to)) return void res.writeHead(422).end();
      calls.push({ to: call.to, reference: String(call.reference), agent: String(call.agent), authorization: req.headers.authorization });
      if (mode === "error") return void res.writeHead(500).end();
      res
        .writeHead(201, { "content-type": "application/json" })
        .end(JSON.stringify({ id: randomUUID(), status: call.to.endsWith("0") ? "busy" : "ringing" }));
    });
  });
  return {
    url: service.url,
    calls,
    mode: (m) => {
      mode = m;
    },
    close: service.close,
  };
}
