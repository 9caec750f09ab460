import { normalizePhone, type CallOutcome, type CallTarget } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import { companyHasGate } from "../company-settings/index.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { changeReport, findReport } from "../reports/index.js";
import { startFakeTelephony, type FakeTelephony } from "./fake-telephony.js";
import { startCall } from "./telephony.js";

// The demo's fake telephony service, started the first time a call is placed; closed with the app.
const demoServices = new WeakMap<AppContext, Promise<FakeTelephony>>();

async function telephonyUrl(ctx: AppContext): Promise<string | undefined> {
  if (ctx.config.telephony.url) return ctx.config.telephony.url;
  if (ctx.config.seed !== "demo") return undefined;
  let started = demoServices.get(ctx);
  if (!started) {
    started = startFakeTelephony();
    demoServices.set(ctx, started);
  }
  return (await started).url;
}

/** Closes the demo's fake telephony service if this app started one. */
export async function closeDemoTelephony(ctx: AppContext): Promise<void> {
  const started = demoServices.get(ctx);
  demoServices.delete(ctx);
  if (started) await (await started).close();
}

/**
 * Calls the report's reporter (its author) or caller (the contact an operator took) through the
 * telephony service, for companies in the SPEC §6 phone-call gate only (403 phoneCallsDisabled
 * otherwise); 422 noPhoneNumber when that person left no phone. The attempt is written to the report's
 * activity with its outcome, a failed one too (then 502 callFailed).
 */
export async function callFromReport(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
  to: CallTarget,
): Promise<{ id: string; to: CallTarget; outcome: CallOutcome }> {
  // Another company's report is 404 first, as on every company route; then the gate.
  const row = await findReport(ctx.db, scope, reportId);
  if (!row) throw notFound();
  if (!(await companyHasGate(ctx.db, scope.companyId, "phone_calls"))) throw new AppError(403, "phoneCallsDisabled", "phone calls gate");
  const phone = to === "reporter" ? row.author?.phone : row.contact?.phone;
  // E.164 for the service: the international form without its spaces.
  const number = phone ? normalizePhone(phone)?.replace(/[^\d+]/g, "") : undefined;
  if (!number) throw new AppError(422, "noPhoneNumber", "no phone number");
  const call = await startCall(
    { url: await telephonyUrl(ctx), key: ctx.config.telephony.key, timeoutMs: ctx.config.telephony.timeoutMs },
    { to: number, reference: row.uuid, agent: scope.actor.user.email },
  );
  await changeReport(ctx, scope, reportId, "report.call", "callPlaced", async () => ({ to, outcome: call.outcome, callId: call.id }));
  if (call.id === null) throw new AppError(502, "callFailed", "telephony failure");
  return { id: call.id, to, outcome: call.outcome };
}
