import { isoDateToInstant, type ConnectionLog, type OperatorStatus } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { invalidField } from "../http/errors.js";
import { listConnectionLogs, listMembersOnline, listViewing, listWorking, shapeOperators } from "./operators.repository.js";

/** Who of the company is online now and what each works on (company admins and operators). */
export async function companyOperators(ctx: AppContext, scope: CompanyScope): Promise<OperatorStatus[]> {
  const members = await listMembersOnline(ctx.db, scope);
  const [working, viewing] = await Promise.all([listWorking(ctx.db, scope, members.map((m) => m.id)), listViewing(ctx.db, scope)]);
  return shapeOperators(members, working, viewing);
}

/** A page of the members' connectivity logs (company admins): by member and a window of ISO 8601 dates
 * (a day or an instant with offset; an end day counts whole). */
export async function companyConnections(
  ctx: AppContext,
  scope: CompanyScope,
  q: { user_id?: number; start_date?: string; end_date?: string; page: number; pageSize: number },
): Promise<{ logs: ConnectionLog[]; total: number }> {
  const from = q.start_date ? isoDateToInstant(q.start_date) : undefined;
  const to = q.end_date ? isoDateToInstant(q.end_date, true) : undefined;
  if (from && to && from >= to) throw invalidField("end_date", "invalid_range");
  return listConnectionLogs(ctx.db, scope, { userId: q.user_id, from, to, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
}
