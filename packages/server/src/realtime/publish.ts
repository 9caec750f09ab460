import type { EventType, RealtimeMessage } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import type { EventBus } from "./bus.js";
import { appendEvent } from "./event.repository.js";

export type Emit = (companyId: number, type: EventType, data: Record<string, unknown>) => Promise<RealtimeMessage>;

/** Runs a change in one transaction whose events are stored with it and published only after commit. */
export async function changeWithEvents<T>(
  db: Db,
  bus: EventBus,
  fn: (tx: Db, emit: Emit) => Promise<T>,
  onPublishError: (err: unknown) => void = () => undefined,
): Promise<T> {
  const pending: RealtimeMessage[] = [];
  const result = await db.transaction((tx) =>
    fn(tx, async (companyId, type, data) => {
      const message = await appendEvent(tx, companyId, type, data);
      pending.push(message);
      return message;
    }),
  );
  // A lost publish is not a lost event: it is stored, and clients catch up by seq.
  for (const message of pending) await bus.publish(message).catch(onPublishError);
  return result;
}
