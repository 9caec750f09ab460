import { PRESENCE_TTL_SECONDS, type PresenceMessageData, type PresenceViewer } from "@atalaya/shared";
import { authorize, type Actor } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { findReport } from "../reports/report.repository.js";
import { memoryPresence, redisPresence, type PresenceKey, type PresenceStore } from "./presence.js";

/** The presence store of this configuration: in Redis when REDIS_URL is set (shared by every process),
 * else in memory. */
export function openPresenceStore(ctx: AppContext, onError: (err: Error) => void): Promise<PresenceStore> {
  const ttlMs = PRESENCE_TTL_SECONDS * 1000;
  return ctx.config.redisUrl ? redisPresence(ctx.config.redisUrl, ttlMs, onError) : Promise.resolve(memoryPresence(ttlMs));
}

async function reportKey(ctx: AppContext, actor: Actor, companyId: number, reportId: number): Promise<PresenceKey> {
  await authorize(ctx.db, actor, companyId, "report.read");
  const row = await findReport(ctx.db, companyId, reportId);
  if (!row) throw notFound();
  return { companyId, reportUuid: row.uuid };
}

/** Records that the actor opened (heartbeat) or left the report; when the viewers changed, tells the
 * company with a `presence` message that is not stored (seq 0). Returns the current viewers. */
export async function updatePresence(
  ctx: AppContext,
  store: PresenceStore,
  actor: Actor,
  companyId: number,
  reportId: number,
  open: boolean,
  onPublishError: (err: unknown) => void,
): Promise<PresenceViewer[]> {
  const key = await reportKey(ctx, actor, companyId, reportId);
  const name = `${actor.user.first_name} ${actor.user.last_name}`.trim() || actor.user.email;
  const state = open ? await store.open(key, { id: actor.user.id, name }) : await store.leave(key, actor.user.id);
  if (state.changed) {
    const data: PresenceMessageData = { reportId, viewers: state.viewers };
    await ctx.bus.publish({ type: "presence", seq: 0, companyId, data }).catch(onPublishError);
  }
  return state.viewers;
}

/** Colleagues who have the report open right now. */
export async function currentViewers(ctx: AppContext, store: PresenceStore, actor: Actor, companyId: number, reportId: number): Promise<PresenceViewer[]> {
  return store.list(await reportKey(ctx, actor, companyId, reportId));
}
