import { modulesBodySchema, providerCompaniesResponseSchema, providerCompanyParamsSchema, providerCompanyResponseSchema, providerFlagsBodySchema, upgradeRequestQuerySchema, upgradeRequestResponseSchema } from "../company-settings.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's provider/ folder (provider/provider.routes.ts). */
export const providerRouteTable = defineRoutes({
  postAppCompaniesFreemiumUpgradeRequest: {
    method: "POST",
    path: "/api/app-companies/freemium/upgrade-request",
    tags: ["freemium"],
    summary: "A freemium organisation asks to lift its limits: one open request per organisation (asking again answers it, created false)",
    access: { kind: "company", permission: "company.read", companyFrom: "request" },
    query: upgradeRequestQuerySchema,
    answer: upgradeRequestResponseSchema,
    also: { 201: upgradeRequestResponseSchema },
    errors: [400, 403, 404],
  },
  getAdminCompanies: {
    method: "GET",
    path: "/api/admin/companies",
    tags: ["provider"],
    summary: "Every organisation with its modules, freemium flag and pending upgrade request (provider administrators)",
    access: { kind: "provider" },
    answer: providerCompaniesResponseSchema,
    errors: [400, 403, 404],
  },
  putAdminCompaniesByIdModules: {
    method: "PUT",
    path: "/api/admin/companies/:id/modules",
    tags: ["provider"],
    summary: "Replace an organisation's modules (provider administrators)",
    access: { kind: "provider" },
    params: providerCompanyParamsSchema,
    body: modulesBodySchema,
    answer: providerCompanyResponseSchema,
    errors: [400, 403, 404],
  },
  putAdminCompaniesByIdFlags: {
    method: "PUT",
    path: "/api/admin/companies/:id/flags",
    tags: ["provider"],
    summary: "Set an organisation's provider flags; lifting is_freemium closes its open upgrade request (provider administrators)",
    access: { kind: "provider" },
    params: providerCompanyParamsSchema,
    body: providerFlagsBodySchema,
    answer: providerCompanyResponseSchema,
    errors: [400, 403, 404],
  },
  postAdminCompaniesByIdUpgradeRequestDecline: {
    method: "POST",
    path: "/api/admin/companies/:id/upgrade-request/decline",
    tags: ["provider"],
    summary: "Decline an organisation's open upgrade request, keeping it freemium; its admins are notified (provider administrators)",
    access: { kind: "provider" },
    params: providerCompanyParamsSchema,
    answer: providerCompanyResponseSchema,
    errors: [400, 403, 404],
  },
});
