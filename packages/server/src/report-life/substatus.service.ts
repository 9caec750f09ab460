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

/** Renames or moves a substatus; 404 for one that is not the company's (or deleted). */
export function editSubstatus(ctx: AppContext, scope: CompanyScope, id: number, body: SubstatusBody): Promise<Substatus> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findSubstatus(tx, scope, id))) throw notFound();
    if (await substatusNameTaken(tx, scope, body.name, id)) throw nameTaken();
    const row = await updateSubstatus(tx, scope, id, body.name, body.position);
    if (!row) throw notFound();
    return row;
  }).catch(nameRace);
}

/** Deletes a substatus from the list; reports carrying it keep its name. */
export async function removeSubstatus(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await deleteSubstatus(ctx.db, scope, id))) throw notFound();
}
