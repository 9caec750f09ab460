import { type IncomingMessage, type ServerResponse } from "node:http";
import { startLocalService } from "../http/local-service.js";
import { parsePlate, type Vehicle } from "@atalaya/shared";

/** How the fake answers: as a police service would, or each failure the adapter must tell apart. */
export type FakePlateMode = "normal" | "slow" | "error" | "reject";

/** The demo's stolen plates (README): an old-format car, a new-format car and a motorcycle. */
export const DEMO_STOLEN_PLATES: Readonly<Record<string, Vehicle>> = {
  BBCL23: { make: "Toyota", model: "Yaris", year: 2019, color: "Gris", type: "Automóvil" },
  KHTR45: { make: "Chevrolet", model: "Sail", year: 2021, color: "Blanco", type: "Automóvil" },
  AB1234: { make: "Nissan", model: "V16", year: 2004, color: "Rojo", type: "Automóvil" },
  ZB123: { make: "Honda", model: "CB 190R", year: 2018, color: "Negro", type: "Motocicleta" },
};

/** Vehicles the fake knows that are not stolen, so the demo shows a clear result with details. */
const DEMO_CLEAR: Readonly<Record<string, Vehicle>> = {
  DRLP61: { make: "Hyundai", model: "Accent", year: 2020, color: "Azul", type: "Automóvil" },
  CD5678: { make: "Suzuki", model: "Swift", year: 2006, color: "Verde", type: "Automóvil" },
};

export interface FakePlateProvider {
  url: string;
  /** Plates asked, in order (the cache test counts them). */
  requests: { plate: string; authorization: string | undefined }[];
  mode(mode: FakePlateMode): void;
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/**
 * A local stand-in for the police plate service (`GET /plates/{plate}` → `{plate, stolen, vehicle}`,
 * 422 for a plate it cannot read), on 127.0.0.1 and a free port. The demo starts it in-process when no
 * PLATE_SERVICE_URL is set; the tests start their own and switch its mode: `slow` holds each request
 * until closed (a timeout), `error` answers 500, `reject` answers 422.
 */
export async function startFakePlateProvider(): Promise<FakePlateProvider> {
  let mode: FakePlateMode = "normal";
  const requests: FakePlateProvider["requests"] = [];
  const service = await startLocalService((req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/plates\/([^/?]+)$/.exec(req.url ?? "");
    if (req.method !== "GET" || !match) return answer(res, 404, { error: "not found" });
    const plate = decodeURIComponent(match[1]!);
    requests.push({ plate, authorization: req.headers.authorization });
    if (mode === "slow") return; // never answers: the caller's timeout ends it, closing drops it
    if (mode === "error") return answer(res, 500, { error: "internal" });
    if (mode === "reject" || !parsePlate(plate)) return answer(res, 422, { error: "invalid plate" });
    const stolen = DEMO_STOLEN_PLATES[plate];
    answer(res, 200, { plate, stolen: stolen !== undefined, vehicle: stolen ?? DEMO_CLEAR[plate] ?? null });
  });
  return {
    url: service.url,
    requests,
    mode: (m) => {
      mode = m;
    },
    close: service.close,
  };
}
