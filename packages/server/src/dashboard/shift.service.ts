import type { Shift, ShiftBody } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { deleteShift, findShift, insertShift, listShifts, shiftNameTaken, updateShift } from "./shift.repository.js";

// A name another shift of the company holds: 409 conflict with the field, as schema errors carry theirs.
const nameTaken = () => new AppError(409, "conflict", undefined, [{ field: "name", code: "taken" }]);

// Two saves with the same name at once: the unique index refuses the second.
function nameRace(err: unknown): never {
  if ((err as { code?: string }).code === "23505") throw nameTaken();
  throw err;
}

/** The company's shifts, by start time (company admins and operators). */
export async function companyShifts(ctx: AppContext, scope: CompanyScope): Promise<Shift[]> {
  return listShifts(ctx.db, scope);
}

/** Defines a shift (company admins); 409 when another shift has the name. */
export async function createShift(ctx: AppContext, scope: CompanyScope, body: ShiftBody): Promise<Shift> {
  if (await shiftNameTaken(ctx.db, scope, body.name)) throw nameTaken();
  const id = await insertShift(ctx.db, scope, body).catch(nameRace);
  return (await findShift(ctx.db, scope, id))!;
}

/** Replaces a shift's name and times (company admins); 404 for another company's, 409 for a taken name. */
export async function editShift(ctx: AppContext, scope: CompanyScope, id: number, body: ShiftBody): Promise<Shift> {
  if (!(await findShift(ctx.db, scope, id))) throw notFound();
  if (await shiftNameTaken(ctx.db, scope, body.name, id)) throw nameTaken();
  if (!(await updateShift(ctx.db, scope, id, body).catch(nameRace))) throw notFound();
  return (await findShift(ctx.db, scope, id))!;
}

/** Deletes a shift (company admins): the dashboard then counts its hours outside every shift. */
export async function removeShift(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await deleteShift(ctx.db, scope, id))) throw notFound();
}
