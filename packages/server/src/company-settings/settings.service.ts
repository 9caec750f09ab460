import {
  MAX_REPORT_DELAY_MINUTES,
  PROVIDER_FLAGS,
  REPORT_DELAY_CONFIG_NAME,
  firstNonNumericConfig,
  reportTypeById,
  type CompanySettings,
  type CompanySettingsBody,
} from "@atalaya/shared";
import { isProviderAdmin, requireProviderAdmin, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { companyGates } from "./gates.repository.js";
import { readCompanyRow, readReportTypeSettings, writeConfig, writeFlags, writeModules, writeReportTypeSettings, writeSubstatuses } from "./settings.repository.js";
import { getCompanyConfig } from "../companies/index.js";
import { reportTypeImageUrl } from "../catalogue/index.js";

/** Everything the settings screen shows, for any member (operators read the types' priorities and the
 * config they need). */
export async function readSettings(ctx: AppContext, scope: CompanyScope): Promise<CompanySettings> {
  const [company, reportTypes, config, gates] = await Promise.all([
    readCompanyRow(ctx.db, scope),
    readReportTypeSettings(ctx.db, scope),
    getCompanyConfig(ctx.db, scope),
    companyGates(ctx.db, scope.companyId),
  ]);
  if (!company) throw notFound();
  return {
    reportTypes: reportTypes.map((setting) => ({ ...setting, imageUrl: reportTypeImageUrl(ctx.config.publicUrl, setting.imageName) })),
    substatuses: company.substatuses,
    config,
    flags: company.flags,
    modules: company.modules,
    gates,
    providerAdmin: isProviderAdmin(scope.actor),
  };
}

/** The 400s a body can earn beyond its schema: unknown types, a time without its unit, repeated names,
 * a numeric setting that is not a number (SPEC §5). */
function checkBody(body: CompanySettingsBody): void {
  body.reportTypes?.forEach((t, i) => {
    if (!reportTypeById(t.typeId)) throw invalidField(`reportTypes.${i}.typeId`, "invalid_type");
    if ((t.attentionTime === null) !== (t.attentionUnit === null)) throw invalidField(`reportTypes.${i}.attentionUnit`, "required_with_time");
  });
  if (body.reportTypes && new Set(body.reportTypes.map((t) => t.typeId)).size !== body.reportTypes.length) throw invalidField("reportTypes", "duplicate");
  if (body.substatuses && new Set(body.substatuses.map((s) => s.toLowerCase())).size !== body.substatuses.length) throw invalidField("substatuses", "duplicate");
  if (body.config) {
    const names = body.config.map((p) => p.name);
    const repeated = names.findIndex((n, i) => names.indexOf(n) !== i);
    if (repeated >= 0) throw invalidField(`config.${repeated}.name`, "duplicate");
    const bad = firstNonNumericConfig(body.config);
    if (bad >= 0) {
      const name = body.config[bad]!.name;
      throw new AppError(400, "invalidNumber", "not a number", [{ field: `config.${bad}.value`, code: "invalidNumber" }], undefined, { name });
    }
    const delay = body.config.findIndex((p) => p.name === REPORT_DELAY_CONFIG_NAME && !(Number(p.value) >= 0 && Number(p.value) <= MAX_REPORT_DELAY_MINUTES));
    if (delay >= 0) throw invalidField(`config.${delay}.value`, "out_of_range");
  }
}

/** Saves the sections given: company admins change types, substatuses, config and their flags; the
 * provider's flags (is_observer, is_freemium) only a provider administrator (403 providerOnly). */
export async function updateSettings(ctx: AppContext, scope: CompanyScope, body: CompanySettingsBody): Promise<CompanySettings> {
  if (body.flags && PROVIDER_FLAGS.some((f) => body.flags![f] !== undefined)) requireProviderAdmin(scope.actor);
  checkBody(body);
  await ctx.db.transaction(async (tx) => {
    if (body.reportTypes) await writeReportTypeSettings(tx, scope, body.reportTypes);
    if (body.substatuses) await writeSubstatuses(tx, scope, body.substatuses);
    if (body.config) await writeConfig(tx, scope, body.config.map((p) => ({ name: p.name, value: p.value.trim() })));
    if (body.flags) await writeFlags(tx, scope.companyId, body.flags);
  });
  return readSettings(ctx, scope);
}

/** A provider administrator replaces a company's modules (403 providerOnly for anyone else). */
export async function replaceModules(ctx: AppContext, actor: CompanyScope["actor"], companyId: number, modules: readonly string[]): Promise<void> {
  requireProviderAdmin(actor);
  if (!(await writeModules(ctx.db, companyId, modules))) throw notFound();
}
