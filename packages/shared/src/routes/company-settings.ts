import { companyIdParamSchema } from "../auth.js";
import { companySettingsBodySchema, companySettingsResponseSchema, modulesBodySchema, modulesResponseSchema } from "../company-settings.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's company-settings/ folder (company-settings/settings.routes.ts). */
export const companySettingsRouteTable = defineRoutes({
  getCompaniesByCompanyIdSettings: {
    method: "GET",
    path: "/api/companies/:companyId/settings",
    tags: ["settings"],
    summary: "The company's report types (priority, attention time), substatuses, config pairs, flags, modules and gates",
    access: { kind: "company", permission: "company.read" },
    params: companyIdParamSchema,
    answer: companySettingsResponseSchema,
    errors: [400, 403, 404],
  },
  putCompaniesByCompanyIdSettings: {
    method: "PUT",
    path: "/api/companies/:companyId/settings",
    tags: ["settings"],
    summary: "Change sections of the company settings (company admins; is_observer and is_freemium: provider administrators)",
    access: { kind: "company", permission: "settings.manage" },
    params: companyIdParamSchema,
    body: companySettingsBodySchema,
    answer: companySettingsResponseSchema,
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdModules: {
    method: "GET",
    path: "/api/companies/:companyId/modules",
    tags: ["settings"],
    summary: "The company's modules",
    access: { kind: "company", permission: "company.read" },
    params: companyIdParamSchema,
    answer: modulesResponseSchema,
    errors: [400, 403, 404],
  },
  putCompaniesByCompanyIdModules: {
    method: "PUT",
    path: "/api/companies/:companyId/modules",
    tags: ["settings"],
    summary: "Replace the company's modules (provider administrators only)",
    access: { kind: "company", permission: "company.read" },
    params: companyIdParamSchema,
    body: modulesBodySchema,
    answer: modulesResponseSchema,
    errors: [400, 403, 404],
  },
});
