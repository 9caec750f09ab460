import { parsePlate, type PlateLookup, type PlateLookupLog, type Report } from "@atalaya/shared";
import { requireAccess, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { changeReport, findReport } from "../reports/index.js";
import { startFakePlateProvider, type FakePlateProvider } from "./fake-provider.js";
import { askPlateService } from "./plate-provider.js";
import { cachePlate, listPlateLookups, logPlateLookup, readCachedPlate, setStolenPlate } from "./plate.repository.js";

// The demo's fake police service, started once per app the first time a plate is looked up (a port is
// opened only when the feature is used); app.ts's onClose hook (plateRoutes) closes it.
const demoProviders = new WeakMap<AppContext, Promise<FakePlateProvider>>();

/** The police service's URL: the configured one; in demo mode without one, the in-process fake. */
async function plateServiceUrl(ctx: AppContext): Promise<string | undefined> {
  if (ctx.config.plateService.url) return ctx.config.plateService.url;
  if (ctx.config.seed !== "demo") return undefined;
  let started = demoProviders.get(ctx);
  if (!started) {
    started = startFakePlateProvider();
    demoProviders.set(ctx, started);
  }
  return (await started).url;
}

/** Closes the demo's fake provider if this app started one. */
export async function closeDemoPlateProvider(ctx: AppContext): Promise<void> {
  const started = demoProviders.get(ctx);
  demoProviders.delete(ctx);
  if (started) await (await started).close();
}

const formatError = () => new AppError(400, "validationFailed", "plateFormat");

/**
 * Looks a plate up for the scope's member: the Chilean format is checked first (400 validationFailed,
 * the service is not asked), then a fresh cached answer is reused, else the police service is asked
 * (SPEC §8 codes on failure). Every lookup, answered or not, is written to the company's log.
 */
export async function lookupPlate(ctx: AppContext, scope: CompanyScope, input: string): Promise<PlateLookup> {
  requireAccess(scope, "plates.lookup");
  const userId = scope.actor.user.id;
  const parsed = parsePlate(input);
  if (!parsed) {
    await logPlateLookup(ctx.db, scope, userId, { plate: input.trim().slice(0, 40), result: "validationFailed", cached: false });
    throw formatError();
  }
  const { plate, kind } = parsed;
  const { cacheSeconds, key, timeoutMs } = ctx.config.plateService;
  const cached = cacheSeconds > 0 ? await readCachedPlate(ctx.db, plate) : undefined;
  if (cached) {
    await logPlateLookup(ctx.db, scope, userId, { plate, result: cached.stolen ? "stolen" : "clear", cached: true });
    return { plate, kind, stolen: cached.stolen, vehicle: cached.vehicle, checkedAt: cached.checkedAt.toISOString(), cached: true };
  }
  let answer: Awaited<ReturnType<typeof askPlateService>>;
  try {
    answer = await askPlateService({ url: await plateServiceUrl(ctx), key, timeoutMs }, plate);
  } catch (err) {
    const code = err instanceof AppError && (err.code === "timeout" || err.code === "validationFailed") ? err.code : "connectionFailed";
    await logPlateLookup(ctx.db, scope, userId, { plate, result: code, cached: false });
    throw err;
  }
  const checkedAt = new Date();
  if (cacheSeconds > 0) await cachePlate(ctx.db, plate, { ...answer, checkedAt }, cacheSeconds);
  await logPlateLookup(ctx.db, scope, userId, { plate, result: answer.stolen ? "stolen" : "clear", cached: false });
  return { plate, kind, stolen: answer.stolen, vehicle: answer.vehicle, checkedAt: checkedAt.toISOString(), cached: false };
}

/** A page of the company's plate lookups, newest first (company admins). */
export async function companyPlateLookups(
  ctx: AppContext,
  scope: CompanyScope,
  q: { plate?: string; page: number; pageSize: number },
): Promise<{ lookups: PlateLookupLog[]; total: number }> {
  // A plate filter in any writing finds the normalised plate the log keeps (a wrong one, as typed).
  const plate = q.plate === undefined ? undefined : (parsePlate(q.plate)?.plate ?? q.plate.trim());
  return listPlateLookups(ctx.db, scope, { plate, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
}

/** Flags the report with a plate the police service reports stolen (asked again, usually from the
 * cache, so the flag always stands on an answer); 409 plateNotStolen otherwise. */
export async function flagStolenPlate(ctx: AppContext, scope: CompanyScope, reportId: number, input: string): Promise<Report> {
  // Another company's report (or one outside the scope's restrictions) is 404 before anything is asked.
  if (!(await findReport(ctx.db, scope, reportId))) throw notFound();
  const lookup = await lookupPlate(ctx, scope, input);
  if (!lookup.stolen) throw new AppError(409, "invalidTransition", "plateNotStolen");
  return changeReport(ctx, scope, reportId, "report.work", "stolenPlateFlagged", async (tx) => {
    await setStolenPlate(tx, scope, reportId, lookup.plate);
    return { plate: lookup.plate };
  });
}

/** Clears the report's stolen-plate flag. */
export function clearStolenPlate(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<Report> {
  return changeReport(ctx, scope, reportId, "report.work", "stolenPlateCleared", async (tx, row) => {
    await setStolenPlate(tx, scope, reportId, null);
    return { plate: row.stolen_plate };
  });
}
