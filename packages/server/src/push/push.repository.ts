import type { Db, Tx } from "../db/db.js";
import { one } from "../db/db.js";

/** The deployment's VAPID key pair. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The stored key pair, or the given one stored when there is none yet (the first process to start wins:
 * every process then reads the same pair). */
export async function storeOrReadKeys(db: Db, fresh: () => VapidKeys): Promise<VapidKeys> {
  const stored = await one<{ public_key: string; private_key: string }>(db, "select public_key, private_key from push_keys where id");
  if (stored) return { publicKey: stored.public_key, privateKey: stored.private_key };
  const keys = fresh();
  await db.query("insert into push_keys (id, public_key, private_key) values (true, $1, $2) on conflict (id) do nothing", [keys.publicKey, keys.privateKey]);
  const row = await one<{ public_key: string; private_key: string }>(db, "select public_key, private_key from push_keys where id");
  return { publicKey: row!.public_key, privateKey: row!.private_key };
}

/** Stores a browser's subscription for the user; the same endpoint moves to the user who subscribes now. */
export async function saveSubscription(db: Db, userId: number, s: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await db.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)
     on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`,
    [userId, s.endpoint, s.p256dh, s.auth],
  );
}

/** Removes one of the user's subscriptions (another user's endpoint is left alone); true when it existed. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  return (await db.query("delete from push_subscriptions where user_id = $1 and endpoint = $2 returning 1", [userId, endpoint])).length > 0;
}

/** A subscription the push service no longer knows (404/410): removed whoever it belongs to. */
export async function forgetSubscription(db: Db, id: number): Promise<void> {
  await db.query("delete from push_subscriptions where id = $1", [id]);
}

/** True when one of these users wants browser push and has a subscription. */
export async function anyPushTarget(tx: Tx, userIds: readonly number[]): Promise<boolean> {
  return (
    (await one(
      tx,
      `select 1 from push_subscriptions s join users u on u.id = s.user_id
        where s.user_id = any($1::int[]) and u.settings->'browserPush' = 'true'::jsonb limit 1`,
      [[...userIds]],
    )) !== undefined
  );
}

/** What a push says of each notification, for recipients who want browser push, with their subscriptions. */
export interface PushTarget {
  notification: { id: number; kind: string; data: Record<string, unknown>; reportId: number | null; reportUuid: string | null; actorName: string | null };
  lang: string;
  subscriptions: { id: number; endpoint: string; p256dh: string; auth: string }[];
}

/** The notifications' push targets (only users whose "browser push" setting is on). */
export async function pushTargets(db: Db, notificationIds: readonly number[]): Promise<PushTarget[]> {
  const rows = await db.query<{
    id: string;
    kind: string;
    data: Record<string, unknown>;
    report_id: number | null;
    report_uuid: string | null;
    actor_name: string | null;
    lang: string;
    subscriptions: { id: number; endpoint: string; p256dh: string; auth: string }[];
  }>(
    `select n.id, n.kind, n.data, n.report_id, r.uuid::text as report_uuid,
            nullif(trim(concat_ws(' ', au.first_name, au.last_name)), '') as actor_name, u.lang,
            (select json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth) order by s.id)
               from push_subscriptions s where s.user_id = n.user_id) as subscriptions
       from notifications n join users u on u.id = n.user_id
       left join reports r on r.id = n.report_id left join users au on au.id = n.actor_user_id
      where n.id = any($1::bigint[]) and u.settings->'browserPush' = 'true'::jsonb order by n.id`,
    [[...notificationIds]],
  );
  return rows
    .filter((r) => r.subscriptions && r.subscriptions.length > 0)
    .map((r) => ({
      notification: { id: Number(r.id), kind: r.kind, data: r.data, reportId: r.report_id, reportUuid: r.report_uuid, actorName: r.actor_name },
      lang: r.lang,
      subscriptions: r.subscriptions,
    }));
}

/** Records a delivery to a subscription. */
export async function markSent(db: Db, id: number): Promise<void> {
  await db.query("update push_subscriptions set last_sent_at = now() where id = $1", [id]);
}
