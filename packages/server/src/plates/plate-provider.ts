import { vehicleSchema, type Vehicle } from "@atalaya/shared";
import { z } from "zod";
import { AppError } from "../http/errors.js";

export interface PlateServiceOptions {
  /** Base URL of the police service; undefined: none configured (connectionFailed). */
  url: string | undefined;
  key: string | undefined;
  timeoutMs: number;
}

const answerSchema = z.object({ stolen: z.boolean(), vehicle: vehicleSchema.nullable().optional() });

// SPEC §8: the service's trouble is not the operator's fault. A timeout is 504, an unreachable or
// failing service 503, a plate the service refuses 422 (the format was already checked here).
const timeout = () => new AppError(504, "timeout", "plate service timeout");
const connectionFailed = () => new AppError(503, "connectionFailed", "plate service unavailable");
const validationFailed = () => new AppError(422, "validationFailed", "plate refused by the service");

/** Asks the police service whether a (well-formed) plate has a stolen-vehicle report. Throws the SPEC
 * §8 codes: timeout, validationFailed (the service refused the plate), connectionFailed (anything else). */
export async function askPlateService(options: PlateServiceOptions, plate: string): Promise<{ stolen: boolean; vehicle: Vehicle | null }> {
  if (!options.url) throw connectionFailed();
  let res: Response;
  try {
    res = await fetch(`${options.url}/plates/${encodeURIComponent(plate)}`, {
      headers: { accept: "application/json", ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "error",
    });
  } catch (err) {
    throw (err as Error).name === "TimeoutError" ? timeout() : connectionFailed();
  }
  if (res.status === 400 || res.status === 422) {
    await res.body?.cancel();
    throw validationFailed();
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw connectionFailed();
  }
  try {
    const parsed = answerSchema.safeParse(await res.json());
    if (!parsed.success) throw connectionFailed();
    return { stolen: parsed.data.stolen, vehicle: parsed.data.vehicle ?? null };
  } catch (err) {
    // The body stopped arriving in time, or was not the service's JSON.
    if ((err as Error).name === "TimeoutError") throw timeout();
    throw err instanceof AppError ? err : connectionFailed();
  }
}
