import { type IncomingMessage, type ServerResponse } from "node:http";
import { startLocalService } from "../http/local-service.js";

/** A local stand-in for a Nominatim-compatible geocoder: tests set how it answers; requests are kept. */
export interface FakeGeocoder {
  url: string;
  requests: { url: URL; headers: IncomingMessage["headers"] }[];
  /** Answers the next requests with this handler. */
  respond(handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  /** Answers with one place. */
  place(latitude: number, longitude: number, displayName?: string): void;
  close(): Promise<void>;
}

/** Starts a fake geocoder on 127.0.0.1 and a free port. */
export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(500).end();
  const requests: FakeGeocoder["requests"] = [];
  const service = await startLocalService((req, res) => {
    requests.push({ url: new URL(req.url ?? "/", "http://127.0.0.1"), headers: req.headers });
    handler(req, res);
  });
  return {
    url: service.url,
    requests,
    respond(h) {
      handler = h;
    },
    place(latitude, longitude, displayName = "Somewhere, Chile") {
      handler = (_req, res) =>
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify([{ lat: String(latitude), lon: String(longitude), display_name: displayName }]));
    },
    close: service.close,
  };
}
