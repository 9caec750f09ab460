import type { EventType, RealtimeMessage } from "@atalaya/shared";
import type { ReportAudience } from "../auth/restrictions.js";
import type { Db } from "../db/db.js";
import type { EventBus } from "./bus.js";
import { appendEvents } from "./event.repository.js";

/** Queues an event of the change; it is stored with the change and published after commit. The audience
 * (the report's zones, type and assignee) decides which restricted users receive it (SPEC §6). */
export type Emit = (
  companyId: number,
  type: EventType,
  data: Record<string, unknown>,
  audience: ReportAudience,
) => Promise<void>;

/** Runs a change in one transaction whose events are stored with it and published only after commit.
 * Events are numbered at the very end of the transaction, and the last numbering statement carries the
 * commit with it: numbering locks the company's sequence row until commit, so taking that lock last,
 * for a single round trip, keeps concurrent changes of one company from queueing behind each other. */
export async function changeWithEvents<T>(
  db: Db,
  bus: EventBus,
  fn: (tx: Db, emit: Emit) => Promise<T>,
  onPublishError: (err: unknown) => void = () => undefined,
): Promise<T> {
  const { result } = await changeWithEventsDetailed(db, bus, fn, onPublishError);
  return result;
}

/** changeWithEvents that also returns the stored events (with their sequence numbers). */
export async function changeWithEventsDetailed<T>(
  db: Db,
  bus: EventBus,
  fn: (tx: Db, emit: Emit) => Promise<T>,
  onPublishError: (err: unknown) => void = () => undefined,
): Promise<{ result: T; events: RealtimeMessage[] }> {
  const stored = await db.transaction(async (tx) => {
    const queued: { companyId: number; type: EventType; data: Record<string, unknown> }[] = [];
    const result = await fn(tx, async (companyId, type, data) => {
      queued.push({ companyId, type, data });
    });
    // One statement per company keeps the time its sequence row is locked to a single round trip.
    const byCompany = new Map<number, typeof queued>();
    for (const e of queued) byCompany.set(e.companyId, [...(byCompany.get(e.companyId) ?? []), e]);
    const events: RealtimeMessage[] = [];
    const groups = [...byCompany];
    for (const [i, [companyId, list]] of groups.entries())
      events.push(...(await appendEvents(tx, companyId, list, { commit: i === groups.length - 1 })));
    return { result, events };
  });
  // A lost publish is not a lost event: it is stored, and clients catch up by seq.
  for (const message of stored.events) await bus.publish(message).catch(onPublishError);
  return stored;
}
