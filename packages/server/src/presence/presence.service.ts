import { PRESENCE_TTL_SECONDS, type PresenceMessageData, type PresenceViewer } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { recordViewing } from "../operators/index.js";
import { audienceOf, findReport, type ReportRow } from "../reports/index.js";
import { memoryPresence, redisPresence, type PresenceKey, type PresenceStore } from "./presence.js";

/** The presence store of this configuration: in Redis when REDIS_URL is set (shared by every process),
 * else in memory. */
export function openPresenceStore(ctx: AppContext, onError: (err: Error) => void): Promise<PresenceStore> {
  const ttlMs = PRESENCE_TTL_SECONDS * 1000;
  return ctx.config.redisUrl ? redisPresence(ctx.config.redisUrl, ctx.redisPrefix, ttlMs, onError) : Promise.resolve(memoryPresence(ttlMs));
}

/** The report as the scope sees it (404 outside its restrictions) and its presence key. */
async function reportKey(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<{ key: PresenceKey; row: ReportRow }> {
  const row = await findReport(ctx.db, scope, reportId);
  if (!row) throw notFound();
  return { key: { companyId: scope.companyId, reportUuid: row.uuid }, row };
}

/** Records that the actor opened (heartbeat) or left the report; when the viewers changed, tells the
 * company with a `presence` message that is not stored (seq 0). Returns the current viewers. */
export async function updatePresence(
  ctx: AppContext,
  store: PresenceStore,
  scope: CompanyScope,
  reportId: number,
  open: boolean,
  onPublishError: (err: unknown) => void,
): Promise<PresenceViewer[]> {
  const { key, row } = await reportKey(ctx, scope, reportId);
  const { actor, companyId } = scope;
  const name = `${actor.user.first_name} ${actor.user.last_name}`.trim() || actor.user.email;
  const state = open ? await store.open(key, { id: actor.user.id, name }) : await store.leave(key, actor.user.id);
  // The operators screen reads which report each member has open from the database (any process).
  const before = await recordViewing(ctx.db, companyId, actor.user.id, reportId, open);
  if (before !== (open ? reportId : null))
    await ctx.bus.publish({ type: "operators", seq: 0, companyId, data: {} }).catch(onPublishError);
  if (state.changed) {
    const data: PresenceMessageData = { reportId, viewers: state.viewers };
    // Only those who may see the report learn who is looking at it.
    await ctx.bus.publish({ type: "presence", seq: 0, companyId, data, audience: audienceOf(row) }).catch(onPublishError);
  }
  return state.viewers;
}

/** Colleagues who have the report open right now. */
export async function currentViewers(ctx: AppContext, store: PresenceStore, scope: CompanyScope, reportId: number): Promise<PresenceViewer[]> {
  return store.list((await reportKey(ctx, scope, reportId)).key);
}
