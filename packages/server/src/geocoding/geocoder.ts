import { PORTAL_VERSION, type Language } from "@atalaya/shared";
import { AppError } from "../http/errors.js";

/** A place the geocoder found for an address. */
export interface Place {
  latitude: number;
  longitude: number;
  displayName: string;
}

export interface GeocoderOptions {
  /** Base URL of a Nominatim-compatible service. */
  url: string;
  timeoutMs: number;
  /** Sent in the User-Agent, as Nominatim's usage policy asks. */
  contact: string;
}

// The geocoder's trouble is not the client's fault: 503 when it is over its limit, 502 otherwise.
const overQueryLimit = (retryAfter: string | null) =>
  new AppError(503, "overQueryLimit", "overQueryLimit", undefined, retryAfter ? { "retry-after": retryAfter } : undefined);
const unknown = () => new AppError(502, "unknow", "unknow");

/** At least three letters or digits: anything less is not an address a geocoder can place. */
export function usableAddress(address: string): string | undefined {
  const text = address.trim().replace(/\s+/g, " ");
  return (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3 ? text : undefined;
}

/** Geocodes one address in Chile (SPEC §8 codes): 503 overQueryLimit when the service answers 429,
 * 422 noResults for an empty answer, 502 unknow for any other failure or a timeout. */
export async function geocode(options: GeocoderOptions, address: string, lang: Language): Promise<Place> {
  const url = new URL(`${options.url}/search`);
  url.search = new URLSearchParams({ format: "jsonv2", q: address, limit: "1", countrycodes: "cl" }).toString();
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        "user-agent": `Atalaya/${PORTAL_VERSION} (+${options.contact})`,
        "accept-language": lang,
        accept: "application/json",
      },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "error",
    });
  } catch {
    throw unknown();
  }
  if (res.status === 429) {
    await res.body?.cancel();
    throw overQueryLimit(res.headers.get("retry-after"));
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw unknown();
  }
  let results: unknown;
  try {
    results = await res.json();
  } catch {
    throw unknown();
  }
  if (!Array.isArray(results)) throw unknown();
  const first = results[0] as { lat?: unknown; lon?: unknown; display_name?: unknown } | undefined;
  if (!first) throw new AppError(422, "noResults", "noResults");
  const latitude = Number(first.lat);
  const longitude = Number(first.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw unknown();
  return { latitude, longitude, displayName: typeof first.display_name === "string" ? first.display_name : address };
}
