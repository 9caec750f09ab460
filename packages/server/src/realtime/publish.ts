import type { EventType, RealtimeMessage } from "@atalaya/shared";
import type { ReportAudience } from "../auth/restrictions.js";
import { committingTransaction, type CommittingOptions, type Db, type Tx } from "../db/db.js";
import type { BusMessage, EventBus } from "./bus.js";
import { appendEvents, appendEventsAndCommit, type NewEvent } from "./event.repository.js";
import { publishStored } from "./outbox.js";

/** Queues an event of the change; it is stored with the change and published after commit. The audience
 * (the report's zones, type and assignee) decides which restricted users receive it (SPEC §6). */
export type Emit = (
  companyId: number,
  type: EventType,
  data: Record<string, unknown>,
  audience: ReportAudience,
) => Promise<void>;

/** How a change runs: where a failed publish is reported (besides the log), and the transaction's options. */
export interface ChangeOptions extends CommittingOptions {
  onPublishError?: (err: unknown) => void;
}

/** Runs a change in one transaction whose events are stored with it and published only after commit.
 * It takes the database, not a transaction (a Tx cannot be passed): publishing before an outer commit
 * would announce what may still roll back. Events are numbered at the very end of the transaction, and
 * the last numbering statement carries the commit with it: numbering locks the company's sequence row
 * until commit, so taking that lock last, for a single round trip, keeps concurrent changes of one
 * company from queueing behind each other. A failed publish is logged and left to the outbox relay. */
export async function changeWithEvents<T>(db: Db, bus: EventBus, fn: (tx: Tx, emit: Emit) => Promise<T>, options: ChangeOptions = {}): Promise<T> {
  const { result } = await changeWithEventsDetailed(db, bus, fn, options);
  return result;
}

/** changeWithEvents that also returns the stored events (with their sequence numbers). */
export async function changeWithEventsDetailed<T>(
  db: Db,
  bus: EventBus,
  fn: (tx: Tx, emit: Emit) => Promise<T>,
  { onPublishError, ...options }: ChangeOptions = {},
): Promise<{ result: T; events: RealtimeMessage[] }> {
  const stored = await committingTransaction(db, async (tx) => {
    const byCompany = new Map<number, NewEvent[]>();
    const result = await fn(tx, async (companyId, type, data, audience) => {
      const list = byCompany.get(companyId);
      const event = { type, data, audience };
      if (list) list.push(event);
      else byCompany.set(companyId, [event]);
    });
    // One statement per company keeps the time its sequence row is locked to a single round trip, and
    // the rows are locked in ascending company id: two changes touching the same companies take their
    // locks in the same order, so they queue instead of deadlocking.
    const companies = [...byCompany.keys()].sort((a, b) => a - b);
    const events: BusMessage[] = [];
    for (const [i, companyId] of companies.entries()) {
      const list = byCompany.get(companyId)!;
      events.push(
        ...(i === companies.length - 1 ? await appendEventsAndCommit(tx, companyId, list) : await appendEvents(tx, companyId, list)),
      );
    }
    return { result, events };
  }, options);
  // A lost publish is not a lost event: it is stored, the relay sends it, and clients catch up by seq.
  await publishStored(db, bus, stored.events, onPublishError);
  // As a browser receives them: the audience stays on the server.
  return { result: stored.result, events: stored.events.map(({ audience: _audience, ...message }) => message) };
}
