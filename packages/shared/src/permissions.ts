import type { CompanyRole } from "./roles.js";

/** Everything a company-scoped action may do, and which roles may do it. The one place that decides.
 * A patrol's surface (issue 14) is deliberately small: the reports assigned to it (its restrictions,
 * restrictions.ts, hide every other one from every read, the event stream and its catch-up), their
 * comments and notes, and its own positions and status (/api/app, outside this table); no company-wide
 * lists, search, history, activity feed, exports, dashboards, maps, zones, teams or tags. */
export const PERMISSIONS = {
  "company.read": ["company_admin", "operator"],
  "company.monitor": ["company_admin", "operator"],
  "events.read": ["company_admin", "operator", "patrol"],
  "report.read": ["company_admin", "operator", "patrol"],
  // Reading beyond one report: search, history, the activity feed, incoming comments, who is viewing.
  "reports.browse": ["company_admin", "operator"],
  "report.create": ["company_admin", "operator"],
  "report.work": ["company_admin", "operator"],
  "report.take": ["company_admin", "operator"],
  // Closing is working the report; a permission of its own so observer companies can be refused it.
  "report.close": ["company_admin", "operator"],
  "report.comment": ["company_admin", "operator", "patrol"],
  "report.note": ["company_admin", "operator", "patrol"],
  "report.like": ["company_admin", "operator"],
  "report.follow": ["company_admin", "operator"],
  "report.makePrivate": ["company_admin", "operator"],
  "answers.manage": ["company_admin"],
  // Files made from reports (the PDF, the spreadsheet) and share links.
  "reports.export": ["company_admin", "operator"],
  "report.delete": ["company_admin"],
  "company.admin": ["company_admin"],
  "reportedUsers.read": ["company_admin", "operator"],
  // Company admins lock the community users of their reports, in the companies of SPEC §6's "blocking
  // users without role" gate (reported-users.service.ts).
  "appUsers.lock": ["company_admin"],
  // Maps and dashboards (issue 10): operators read them; company admins draw zones and define shifts.
  "maps.read": ["company_admin", "operator"],
  "dashboard.read": ["company_admin", "operator"],
  "zones.manage": ["company_admin"],
  "shifts.manage": ["company_admin"],
  "patrols.read": ["company_admin", "operator"],
  // Issue 12: who is online and what each works on; the community's comments to answer; the members'
  // connectivity logs (admins only: they say when each person was connected).
  "operators.read": ["company_admin", "operator"],
  "replies.read": ["company_admin", "operator"],
  "connections.read": ["company_admin"],
  // Organisation administration (issue 12): everyone reads the lists; company admins change them
  // (SPEC §6: only an admin may create tags).
  "teams.manage": ["company_admin"],
  "tags.manage": ["company_admin"],
  "sources.manage": ["company_admin"],
  "selectors.manage": ["company_admin"],
  "dashboards.manage": ["company_admin"],
  // User administration (issue 12): company admins, and platform admins in any company (below).
  "users.manage": ["company_admin"],
  // Company settings (issue 12): operators read what they need (types' priorities, config); admins write.
  "settings.manage": ["company_admin"],
  // Open311 API keys (issue 18): created, listed and revoked by company admins.
  "apiKeys.manage": ["company_admin"],
  // Issue 17: company admins decide the reports held for review and keep the substatus list.
  "reports.review": ["company_admin"],
  // Groups (teams) and geolocated messages: refused to freemium companies (SPEC §1).
  "messages.send": ["company_admin", "operator"],
  // Messages to collaborators (issue 15): every member reads what reached them; admins and operators write.
  "collaboratorMessages.read": ["company_admin", "operator", "patrol"],
  "collaboratorMessages.send": ["company_admin", "operator"],
  // Issue 17: operators look plates up and call reporters (companies in the SPEC §6 phone-call gate);
  // the lookups log says who looked what up, for company admins only.
  "plates.lookup": ["company_admin", "operator"],
  "plates.audit": ["company_admin"],
  "report.call": ["company_admin", "operator"],
  // Issue 17: operators read the assets and safe tags (a report names its asset); company admins
  // create, edit, print and disable them.
  "assets.manage": ["company_admin"],
  "safetags.manage": ["company_admin"],
  // Dynamic forms (issue 16): members read templates and results, company admins build templates and
  // fill links; patrols fill forms too (from the app).
  "forms.read": ["company_admin", "operator"],
  "forms.manage": ["company_admin"],
  "forms.fill": ["company_admin", "operator", "patrol"],
  // Activities (issue 16): company admins schedule them; members read them and the compliance; the
  // assignees' own due activities come with forms.fill (patrols read theirs through the app).
  "activities.read": ["company_admin", "operator"],
  "activities.manage": ["company_admin"],
} as const satisfies Record<string, readonly CompanyRole[]>;

export type Permission = keyof typeof PERMISSIONS;
