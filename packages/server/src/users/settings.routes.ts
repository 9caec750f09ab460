import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  DEFAULT_USER_SETTINGS,
  LANGUAGES,
  roleName,
  routes,
  type Language,
  type SettingsResponse,
  type UserSettings,
} from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { listUserCompanies, resolveScopeOrDefault } from "../auth/access.js";
import { getCompany, getCompanyConfig, listMembers } from "../companies/index.js";
import { companyGates } from "../company-settings/index.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { at } from "../http/route.js";
import { countForms } from "../forms/index.js";
import { listUserTeamIds, patchUserSettings } from "./user.repository.js";

const ROLE_LABEL = { company_admin: "Admin", operator: "Operator", patrol: "Patrol" } as const;

/** Stored settings over the SPEC defaults, so a new setting never reads as undefined. */
function withDefaults(stored: Record<string, unknown>): UserSettings {
  const alarm = { ...DEFAULT_USER_SETTINGS.alarm, ...((stored.alarm as object | undefined) ?? {}) };
  return { ...DEFAULT_USER_SETTINGS, ...stored, alarm } as UserSettings;
}

/** GET /api/settings, GET /api/operator/monitoring, PUT /api/user/{id}/portal-version. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getSettings),
    handler: async (req): Promise<SettingsResponse> => {
      const { user } = actorOf(req);
      const [companies, scope] = await Promise.all([
        listUserCompanies(ctx.db, user.id),
        resolveScopeOrDefault(ctx.db, actorOf(req), req.query.companyId, "company.read"),
      ]);
      const [company, config, teams, gates] = await Promise.all([
        getCompany(ctx.db, scope),
        getCompanyConfig(ctx.db, scope),
        listUserTeamIds(ctx.db, scope, user.id),
        companyGates(ctx.db, scope.companyId),
      ]);
      if (!company) throw notFound();
      const { clickToCall, ...companyBody } = company;
      const lang = (LANGUAGES as readonly string[]).includes(user.lang) ? (user.lang as Language) : "es";
      return {
        user: {
          id: user.id,
          uuid: user.uuid,
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          phone: user.phone,
          cover: user.cover,
          groups: user.groups,
          // The role in this company names the user; several global groups read as Root (SPEC §6).
          role: user.groups.length > 1 ? roleName(user.groups) : ROLE_LABEL[scope.role],
          timezone: user.timezone,
          lang,
          rating: user.rating,
          settings: withDefaults(user.settings),
          zones: [...scope.restrictions.zoneIds],
          reportTypes: [...scope.restrictions.reportTypeIds],
          teams,
          companies,
        },
        company: companyBody,
        config,
        click_to_call: clickToCall,
        gates,
        maps: ctx.config.mapStyles,
        uploads: { maxMb: Math.round((ctx.config.maxUploadBytes / (1024 * 1024)) * 100) / 100, maxReportImages: ctx.config.maxReportImages },
      };
    },
  });

  r.route({
    ...at(routes.getOperatorMonitoring),
    handler: async (req) => {
      const scope = await resolveScopeOrDefault(ctx.db, actorOf(req), req.query.companyId, "company.monitor");
      const { companyId } = scope;
      const online = await ctx.hub.onlineUserIds(companyId);
      const members = await listMembers(ctx.db, scope);
      // The company's forms: deleted ones are counted only when asked (include_deleted_forms=true).
      const forms = await countForms(ctx.db, scope);
      const withDeleted = req.query.include_deleted_forms === "true";
      return {
        success: true as const,
        data: {
          companyId,
          operators: members.map((m) => ({
            id: m.user_id,
            uuid: m.uuid,
            name: `${m.first_name} ${m.last_name}`.trim(),
            role: ROLE_LABEL[m.role],
            patrolStatus: m.patrol_status,
            online: online.has(m.user_id),
          })),
          forms: { total: withDeleted ? forms.total : forms.total - forms.deleted, deleted: withDeleted ? forms.deleted : 0 },
        },
      };
    },
  });

  r.route({
    ...at(routes.putUserByIdSettings),
    handler: async (req) => {
      const { user } = actorOf(req);
      if (req.params.id !== user.id) throw notFound();
      await patchUserSettings(ctx.db, user.id, req.body);
      // Only-assigned is an access rule: this process's sockets apply it now, the others on their heartbeat.
      if (req.body.onlyAssignedReports !== undefined) await ctx.hub.refreshRestrictions(user.id);
      return { success: true as const, settings: withDefaults({ ...user.settings, ...req.body }) };
    },
  });

  r.route({
    ...at(routes.putUserByIdPortalVersion),
    handler: async (req) => {
      const { user } = actorOf(req);
      // Only one's own profile: any other id reads as missing.
      if (req.params.id !== user.id) throw notFound();
      await patchUserSettings(ctx.db, user.id, { portal_version: req.body.portal_version });
      return { success: true as const };
    },
  });
}
