import type { EventType, RealtimeMessage } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { isRestricted, viewOfEvent, type ReportAudience } from "../auth/restrictions.js";
import { one, type CommittingTx, type Tx } from "../db/db.js";
import type { BusMessage } from "./bus.js";

/** An event of a change, before it is numbered. */
export interface NewEvent {
  type: EventType;
  data: Record<string, unknown>;
  /** Who may receive it; null: everyone of the company. */
  audience: ReportAudience | null;
}

// Numbers the events (locking the company's sequence row until commit), stores them with their
// audience and writes their outbox rows; only the first number comes back: the events are here.
const APPEND_SQL = `with s as (
       insert into company_event_seq (company_id, last_seq) values ($1, $2)
       on conflict (company_id) do update set last_seq = company_event_seq.last_seq + $2
       returning last_seq),
     stored as (
       insert into events (company_id, seq, type, data, audience)
       select $1, s.last_seq - $2 + e.ord::int, e.item->>'type', e.item->'data', nullif(e.item->'audience', 'null'::jsonb)
         from s, jsonb_array_elements($3::jsonb) with ordinality as e(item, ord)
       returning seq),
     outbox as (insert into event_outbox (company_id, seq) select $1, seq from stored)
     select last_seq - $2 + 1 as first_seq from s`;

function numbered(companyId: number, events: readonly NewEvent[], first: number): BusMessage[] {
  return events.map((e, i) => ({ type: e.type, seq: first + i, companyId, data: e.data, audience: e.audience }));
}

/** Stores several events of one company in one statement, numbered in order. Call it at the very end
 * of the change's transaction: the company's sequence row stays locked until commit. */
export async function appendEvents(tx: Tx, companyId: number, events: readonly NewEvent[]): Promise<BusMessage[]> {
  if (events.length === 0) return [];
  const rows = await tx.query<{ first_seq: number }>(APPEND_SQL, [companyId, events.length, JSON.stringify(events)]);
  return numbered(companyId, events, rows[0]!.first_seq);
}

/** appendEvents as the transaction's last statement, carrying its commit (one round trip). */
export async function appendEventsAndCommit(tx: CommittingTx, companyId: number, events: readonly NewEvent[]): Promise<BusMessage[]> {
  const rows = await tx.commitWith<{ first_seq: number }>(APPEND_SQL, [companyId, events.length, JSON.stringify(events)]);
  return numbered(companyId, events, rows[0]!.first_seq);
}

/** A page of catch-up: the events the restrictions may see, and the seq it has gone through (every
 * event up to lastSeq is in `events` or is not for this user), so a client moves its cursor past the
 * filtered ones. */
export interface EventsPage {
  events: RealtimeMessage[];
  lastSeq: number;
}

/** Events of the company after seq, oldest first, limited to what the restrictions may see: reads at
 * most `limit` events and answers the visible ones with the last seq it read (or `after`). */
export async function listEventsAfter(db: Tx, scope: TenantScope, after: number, limit: number): Promise<EventsPage> {
  const { companyId, restrictions } = scope;
  const rows = await db.query<{ seq: number; type: EventType; data: Record<string, unknown>; audience: ReportAudience | null }>(
    "select seq, type, data, audience from events where company_id = $1 and seq > $2 order by seq limit $3",
    [companyId, after, limit],
  );
  const restricted = isRestricted(restrictions);
  const events = rows.flatMap((r): RealtimeMessage[] => {
    const view = restricted ? viewOfEvent(restrictions, r.audience) : { kind: "event" as const };
    if (view.kind === "event") return [{ type: r.type, seq: r.seq, companyId, data: r.data }];
    // The same rule as the live stream: a report the change took out of sight is removed.
    if (view.kind === "removed") return [{ type: "removeReport", seq: r.seq, companyId, data: { reportId: view.reportId } }];
    return [];
  });
  return { events, lastSeq: rows.length > 0 ? rows[rows.length - 1]!.seq : after };
}

/** The company's latest sequence number (0 before its first event). */
export async function lastSeq(db: Tx, companyId: number): Promise<number> {
  const row = await one<{ last_seq: number }>(db, "select last_seq from company_event_seq where company_id = $1", [
    companyId,
  ]);
  return row?.last_seq ?? 0;
}

/** The latest sequence numbers of several companies (0 before their first event). */
export async function lastSeqs(db: Tx, companyIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db.query<{ company_id: number; last_seq: number }>(
    "select company_id, last_seq from company_event_seq where company_id = any($1::int[])",
    [companyIds],
  );
  return new Map(companyIds.map((id) => [id, rows.find((r) => r.company_id === id)?.last_seq ?? 0]));
}

/** Forgets the outbox rows of events known to be on the bus. */
export async function markPublished(db: Tx, keys: readonly { companyId: number; seq: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `delete from event_outbox o using unnest($1::int[], $2::int[]) as k(company_id, seq)
      where o.company_id = k.company_id and o.seq = k.seq`,
    [keys.map((k) => k.companyId), keys.map((k) => k.seq)],
  );
}

/** Claims up to `limit` outbox events past due, oldest first per company, for `leaseSeconds`: another
 * process's relay skips them (row locks while claiming, then the lease), and they come back if this one
 * dies before publishing. An outbox row whose event is gone comes back without type (to be forgotten). */
export async function claimDueEvents(
  db: Tx,
  limit: number,
  leaseSeconds = 30,
): Promise<(BusMessage | { companyId: number; seq: number; type: null })[]> {
  const rows = await db.query<{
    company_id: number;
    seq: number;
    type: EventType | null;
    data: Record<string, unknown> | null;
    audience: ReportAudience | null;
  }>(
    `with due as (
       select company_id, seq from event_outbox where due_at <= clock_timestamp()
        order by company_id, seq limit $1 for update skip locked),
     claimed as (
       update event_outbox o set due_at = clock_timestamp() + make_interval(secs => $2)
         from due where o.company_id = due.company_id and o.seq = due.seq
       returning o.company_id, o.seq)
     select c.company_id, c.seq, e.type, e.data, e.audience
       from claimed c left join events e on e.company_id = c.company_id and e.seq = c.seq
      order by c.company_id, c.seq`,
    [limit, leaseSeconds],
  );
  return rows.map((r) =>
    r.type === null
      ? { companyId: r.company_id, seq: r.seq, type: null }
      : { type: r.type, seq: r.seq, companyId: r.company_id, data: r.data ?? {}, audience: r.audience },
  );
}

/** Makes claimed events due again at once (their publish failed: the next relay round retries). */
export async function releaseClaims(db: Tx, keys: readonly { companyId: number; seq: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `update event_outbox o set due_at = clock_timestamp() from unnest($1::int[], $2::int[]) as k(company_id, seq)
      where o.company_id = k.company_id and o.seq = k.seq`,
    [keys.map((k) => k.companyId), keys.map((k) => k.seq)],
  );
}
