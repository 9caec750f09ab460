import type { EventType, RealtimeMessage } from "@atalaya/shared";
import { one, type Db } from "../db/db.js";

/** Stores an event with the company's next sequence number; call it inside the change's transaction. */
export async function appendEvent(
  tx: Db,
  companyId: number,
  type: EventType,
  data: Record<string, unknown>,
): Promise<RealtimeMessage> {
  // The row lock on company_event_seq serialises writers of one company, so seq has no gaps or repeats.
  const row = await one<{ last_seq: number }>(
    tx,
    `insert into company_event_seq (company_id, last_seq) values ($1, 1)
     on conflict (company_id) do update set last_seq = company_event_seq.last_seq + 1
     returning last_seq`,
    [companyId],
  );
  const seq = row!.last_seq;
  await tx.query("insert into events (company_id, seq, type, data) values ($1, $2, $3, $4)", [
    companyId,
    seq,
    type,
    JSON.stringify(data),
  ]);
  return { type, seq, companyId, data };
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
