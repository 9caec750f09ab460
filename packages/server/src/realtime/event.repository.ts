import type { EventType, RealtimeMessage } from "@atalaya/shared";
import { one, type Db } from "../db/db.js";

/** Stores several events of one company in one statement, numbered in order; call it last in the
 * change's transaction (the sequence row stays locked until commit). With `commit`, the same round trip
 * commits the transaction. */
export async function appendEvents(
  tx: Db,
  companyId: number,
  events: { type: EventType; data: Record<string, unknown> }[],
  options: { commit?: boolean } = {},
): Promise<RealtimeMessage[]> {
  if (events.length === 0) return [];
  const run = options.commit ? tx.queryAndCommit.bind(tx) : tx.query.bind(tx);
  // Only the numbers come back: the events themselves are already here.
  const rows = await run<{ first_seq: number }>(
    `with s as (
       insert into company_event_seq (company_id, last_seq) values ($1, $2)
       on conflict (company_id) do update set last_seq = company_event_seq.last_seq + $2
       returning last_seq),
     stored as (
       insert into events (company_id, seq, type, data)
       select $1, s.last_seq - $2 + e.ord::int, e.item->>'type', e.item->'data'
         from s, jsonb_array_elements($3::jsonb) with ordinality as e(item, ord))
     select last_seq - $2 + 1 as first_seq from s`,
    [companyId, events.length, JSON.stringify(events)],
  );
  const first = rows[0]!.first_seq;
  return events.map((e, i) => ({ type: e.type, seq: first + i, companyId, data: e.data }));
}

/** Events of the company after seq, oldest first. */
export async function listEventsAfter(db: Db, companyId: number, after: number, limit: number): Promise<RealtimeMessage[]> {
  const rows = await db.query<{ seq: number; type: EventType; data: Record<string, unknown> }>(
    "select seq, type, data from events where company_id = $1 and seq > $2 order by seq limit $3",
    [companyId, after, limit],
  );
  return rows.map((r) => ({ type: r.type, seq: r.seq, companyId, data: r.data }));
}

/** The company's latest sequence number (0 before its first event). */
export async function lastSeq(db: Db, companyId: number): Promise<number> {
  const row = await one<{ last_seq: number }>(db, "select last_seq from company_event_seq where company_id = $1", [
    companyId,
  ]);
  return row?.last_seq ?? 0;
}
