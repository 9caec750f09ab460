import {
  dashboardOrigin,
  type CustomDashboard,
  type CustomDashboardBody,
  type Selector,
  type SelectorBody,
  type Source,
  type SourceBody,
  type Tag,
  type TagBody,
  type TagListQuery,
  type TagTranslations,
  type Team,
  type TeamBody,
  type ConflictReason,
  type Language,
} from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { consumeFrameTicket, deleteDashboard, insertDashboard, issueFrameTicket, listDashboards, updateDashboard } from "./dashboard.repository.js";
import { dashboardFramePage, type DashboardFramePage } from "./dashboard-frame.js";
import { deleteSelector, insertSelector, listSelectors, updateSelector } from "./selector.repository.js";
import { deleteSource, insertSource, listSources, sourceExists, sourceNameTaken, updateSource } from "./source.repository.js";
import { deleteTag, findTag, insertTag, listTags, tagNameTaken, updateTag } from "./tag.repository.js";
import { findTeam, insertTeam, listTeams, notMembers, softDeleteTeam, teamNameTaken, updateTeam } from "./team.repository.js";

type NameReason = Extract<ConflictReason, "teamNameTaken" | "tagNameTaken" | "sourceNameTaken">;

// A name another record of the company holds: 409 with the reason, and the field (its code is the rule's).
const nameTaken = (reason: NameReason) => new AppError(409, "conflict", reason, [{ field: "name", code: reason }]);

// Two saves with the same name at once: the unique index refuses the second.
const nameRace = (reason: NameReason) => (err: unknown): never => {
  if ((err as { code?: string }).code === "23505") throw nameTaken(reason);
  throw err;
};

// ── Teams ──

/** The company's live teams (deleted ones too when asked, to name them in reports' history). */
export async function companyTeams(ctx: AppContext, scope: CompanyScope, includeDeleted: boolean): Promise<(Team & { deleted: boolean })[]> {
  return listTeams(ctx.db, scope, includeDeleted);
}

async function checkTeam(ctx: AppContext, scope: CompanyScope, body: TeamBody, exceptId?: number): Promise<void> {
  if ((await notMembers(ctx.db, scope, body.members)).length > 0) throw invalidField("members", "teamMemberInvalid");
  if (await teamNameTaken(ctx.db, scope, body.name, exceptId)) throw nameTaken("teamNameTaken");
}

/** Creates a team (company admins): unique name, members of the company. */
export async function createTeam(ctx: AppContext, scope: CompanyScope, body: TeamBody): Promise<Team> {
  await checkTeam(ctx, scope, body);
  const id = await ctx.db.transaction((tx) => insertTeam(tx, scope, body)).catch(nameRace("teamNameTaken"));
  return (await findTeam(ctx.db, scope, id))!;
}

/** Replaces a team's name, colour and members (company admins); 404 for another company's or a deleted one. */
export async function editTeam(ctx: AppContext, scope: CompanyScope, id: number, body: TeamBody): Promise<Team> {
  if (!(await findTeam(ctx.db, scope, id))) throw notFound();
  await checkTeam(ctx, scope, body, id);
  const done = await ctx.db.transaction((tx) => updateTeam(tx, scope, id, body)).catch(nameRace("teamNameTaken"));
  if (!done) throw notFound();
  return (await findTeam(ctx.db, scope, id))!;
}

/** Deletes a team (company admins). Reports assigned to it keep it, by name, in their detail and
 * history; it can no longer be assigned, and its name is free again. */
export async function removeTeam(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await softDeleteTeam(ctx.db, scope, id))) throw notFound();
}

// ── Tags ──

const tagFields = (body: TagBody) => ({
  name: body.name,
  color: body.color,
  lang: body.lang,
  // An empty translation is none.
  translations: Object.fromEntries(Object.entries(body.translations ?? {}).filter(([, text]) => text)) as TagTranslations,
});

/** A page of the company's tags (or all of them), with the total. */
export async function companyTags(ctx: AppContext, scope: CompanyScope, q: TagListQuery): Promise<{ tags: Tag[]; total: number }> {
  return listTags(ctx.db, scope, q);
}

/** Creates a tag: only company admins (SPEC §6), unique name. */
export async function createTag(ctx: AppContext, scope: CompanyScope, body: TagBody): Promise<Tag> {
  if (await tagNameTaken(ctx.db, scope, body.name)) throw nameTaken("tagNameTaken");
  return insertTag(ctx.db, scope, tagFields(body)).catch(nameRace("tagNameTaken"));
}

/** Replaces a tag's fields (company admins). */
export async function editTag(ctx: AppContext, scope: CompanyScope, id: number, body: TagBody): Promise<Tag> {
  if (!(await findTag(ctx.db, scope, id))) throw notFound();
  if (await tagNameTaken(ctx.db, scope, body.name, id)) throw nameTaken("tagNameTaken");
  const tag = await updateTag(ctx.db, scope, id, tagFields(body)).catch(nameRace("tagNameTaken"));
  if (!tag) throw notFound();
  return tag;
}

/** Deletes a tag (company admins): the reports that carried it lose it. */
export async function removeTag(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await deleteTag(ctx.db, scope, id))) throw notFound();
}

// ── Sources ──

/** The company's sources. */
export async function companySources(ctx: AppContext, scope: CompanyScope): Promise<Source[]> {
  return listSources(ctx.db, scope);
}

/** Creates a source (company admins): a name that is not a duplicate. */
export async function createSource(ctx: AppContext, scope: CompanyScope, body: SourceBody): Promise<Source> {
  if (await sourceNameTaken(ctx.db, scope, body.name)) throw nameTaken("sourceNameTaken");
  return insertSource(ctx.db, scope, body.name).catch(nameRace("sourceNameTaken"));
}

/** Renames a source (company admins). */
export async function editSource(ctx: AppContext, scope: CompanyScope, id: number, body: SourceBody): Promise<Source> {
  if (!(await sourceExists(ctx.db, scope, id))) throw notFound();
  if (await sourceNameTaken(ctx.db, scope, body.name, id)) throw nameTaken("sourceNameTaken");
  const source = await updateSource(ctx.db, scope, id, body.name).catch(nameRace("sourceNameTaken"));
  if (!source) throw notFound();
  return source;
}

/** Deletes a source (company admins). */
export async function removeSource(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await deleteSource(ctx.db, scope, id))) throw notFound();
}

// ── Form selector lists ──

const selectorFields = (body: SelectorBody) => ({ name: body.name, group: body.group || null, items: body.items.map((i) => ({ name: i.name })) });

/** The company's form selector lists. */
export async function companySelectors(ctx: AppContext, scope: CompanyScope): Promise<Selector[]> {
  return listSelectors(ctx.db, scope);
}

/** Creates a selector list (company admins). */
export async function createSelector(ctx: AppContext, scope: CompanyScope, body: SelectorBody): Promise<Selector> {
  return insertSelector(ctx.db, scope, selectorFields(body));
}

/** Replaces a selector list (company admins). */
export async function editSelector(ctx: AppContext, scope: CompanyScope, id: number, body: SelectorBody): Promise<Selector> {
  const selector = await updateSelector(ctx.db, scope, id, selectorFields(body));
  if (!selector) throw notFound();
  return selector;
}

/** Deletes a selector list (company admins). */
export async function removeSelector(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await deleteSelector(ctx.db, scope, id))) throw notFound();
}

// ── Custom dashboards ──

function dashboardFields(body: CustomDashboardBody): { name: string; link: string; origin: string } {
  const origin = dashboardOrigin(body.link);
  if (!origin) throw invalidField("link", "dashboardUrlInvalid");
  return { name: body.name, link: body.link, origin };
}

/** The company's custom dashboards (every member: they are menu entries). */
export async function companyDashboards(ctx: AppContext, scope: CompanyScope): Promise<CustomDashboard[]> {
  return listDashboards(ctx.db, scope);
}

/** Adds a custom dashboard (company admins). */
export async function createDashboard(ctx: AppContext, scope: CompanyScope, body: CustomDashboardBody): Promise<CustomDashboard> {
  const dashboard = await insertDashboard(ctx.db, scope, dashboardFields(body));
  return dashboard;
}

/** Replaces a custom dashboard (company admins). */
export async function editDashboard(ctx: AppContext, scope: CompanyScope, id: number, body: CustomDashboardBody): Promise<CustomDashboard> {
  const dashboard = await updateDashboard(ctx.db, scope, id, dashboardFields(body));
  if (!dashboard) throw notFound();
  return dashboard;
}

/** Deletes a custom dashboard (company admins); its frame tickets go with it. */
export async function removeDashboard(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await deleteDashboard(ctx.db, scope, id))) throw notFound();
}

/** How long a frame ticket stays usable: the portal opens the frame page at once. */
export const FRAME_TICKET_TTL_SECONDS = 60;

/** A member's single-use address of the dashboard's frame page (the portal's iframe cannot send the
 * access token); another company's dashboard answers 404. */
export async function dashboardFrameUrl(ctx: AppContext, scope: CompanyScope, id: number): Promise<string> {
  const ticket = await issueFrameTicket(ctx.db, scope, id, { userId: scope.actor.user.id, accessToken: scope.actor.token }, FRAME_TICKET_TTL_SECONDS);
  if (!ticket) throw notFound();
  return `/api/dashboard-frames/${ticket}`;
}

/** The frame page a ticket opens (once), framing that dashboard's origin alone; 404 otherwise. */
export async function openDashboardFrame(ctx: AppContext, ticket: string, lang: Language): Promise<DashboardFramePage> {
  const dashboard = await consumeFrameTicket(ctx.db, ticket);
  if (!dashboard) throw notFound();
  return dashboardFramePage(dashboard, lang);
}
