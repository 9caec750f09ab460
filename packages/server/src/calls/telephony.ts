import { CALL_OUTCOMES, type CallOutcome } from "@atalaya/shared";
import { z } from "zod";

export interface TelephonyOptions {
  /** Base URL of the telephony service; undefined: none configured (every call fails). */
  url: string | undefined;
  key: string | undefined;
  timeoutMs: number;
}

// The service's statuses, in its words, to the outcomes the activity log keeps.
const STATUSES: Record<string, CallOutcome> = {
  ringing: "ringing",
  queued: "ringing",
  initiated: "ringing",
  "in-progress": "answered",
  answered: "answered",
  completed: "answered",
  busy: "busy",
  "no-answer": "noAnswer",
  failed: "failed",
};

const answerSchema = z.object({ id: z.string().min(1).max(200), status: z.string().max(50) });

/** Asks the telephony service to connect the operator to a number (E.164). Never throws: a service that
 * cannot be reached, is too slow or answers an error ends as outcome `failed` without an id. */
export async function startCall(
  options: TelephonyOptions,
  call: { to: string; reference: string; agent: string },
): Promise<{ id: string | null; outcome: CallOutcome }> {
  if (!options.url) return { id: null, outcome: "failed" };
  try {
    const res = await fetch(`${options.url}/calls`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) },
      body: JSON.stringify(call),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "error",
    });
    if (!res.ok) {
      await res.body?.cancel();
      return { id: null, outcome: "failed" };
    }
    const parsed = answerSchema.safeParse(await res.json());
    if (!parsed.success) return { id: null, outcome: "failed" };
    const outcome = STATUSES[parsed.data.status] ?? "failed";
    return { id: parsed.data.id, outcome: (CALL_OUTCOMES as readonly string[]).includes(outcome) ? outcome : "failed" };
  } catch {
    return { id: null, outcome: "failed" };
  }
}
