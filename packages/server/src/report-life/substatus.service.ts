import { MAX_SUBSTATUSES, type Substatus, type SubstatusBody } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import {
  countSubstatuses,
  deleteSubstatus,
  findSubstatus,
  insertSubstatus,
  listSubstatuses,
  substatusNameTaken,
  updateSubstatus,
} from "./substatus.repository.js";

const nameTaken = () => new AppError(409, "conflict", "substatusNameTaken", [{ field: "name", code: "substatusNameTaken" }]);
// Two saves of one name at once: the unique index refuses the second.
const nameRace = (err: unknown): never => {
  if ((err as { code?: string }).code === "23505") throw nameTaken();
  throw err;
};

/** The company's substatuses in their order (every member: the report detail offers them). */
export function companySubstatuses(ctx: AppContext, scope: CompanyScope): Promise<Substatus[]> {
  return listSubstatuses(ctx.db, scope);
}

/** Adds a substatus (company admins): a unique name (409 substatusNameTaken), at most MAX_SUBSTATUSES. */
export function createSubstatus(ctx: AppContext, scope: CompanyScope, body: SubstatusBody): Promise<Substatus> {
  return ctx.db.transaction(async (tx) => {
    if ((await countSubstatuses(tx, scope)) >= MAX_SUBSTATUSES) throw invalidField("name", "too_many");
    if (await substatusNameTaken(tx, scope, body.name, null)) throw nameTaken();
    return insertSubstatus(tx, scope, body.name, body.position);
  }).catch(nameRace);
}

/** Tells the company's open panels and details that its list changed (the `substatuses` message, not
 * stored): they read the list and the reports again, so a renamed substatus shows its new name at once.
 * The reports' rows are not touched: they point at the substatus, whose name is read with them. */
function publishSubstatusChange(ctx: AppContext, scope: CompanyScope, data: { id: number; name: string; deleted: boolean }): Promise<void> {
  return ctx.bus.publish({ type: "substatuses", seq: 0, companyId: scope.companyId, data }).catch(() => undefined);
}

/** Renames or moves a substatus; 404 for one that is not the company's (or deleted). */
export async function editSubstatus(ctx: AppContext, scope: CompanyScope, id: number, body: SubstatusBody): Promise<Substatus> {
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await findSubstatus(tx, scope, id))) throw notFound();
    if (await substatusNameTaken(tx, scope, body.name, id)) throw nameTaken();
    const row = await updateSubstatus(tx, scope, id, body.name, body.position);
    if (!row) throw notFound();
    return row;
  }).catch(nameRace);
  await publishSubstatusChange(ctx, scope, { id: row.id, name: row.name, deleted: false });
  return row;
}

/** Deletes a substatus from the list; reports carrying it keep it (and its name) until someone sets
 * another, and it can no longer be set. */
export async function removeSubstatus(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await findSubstatus(tx, scope, id);
    if (!row || !(await deleteSubstatus(tx, scope, id))) throw notFound();
    return row;
  });
  await publishSubstatusChange(ctx, scope, { id, name: row.name, deleted: true });
}
