import type { Gate } from "@atalaya/shared";
import { one, type Db } from "../db/db.js";

/** The SPEC §6 gates the company belongs to (table `company_gates`, migration 021). */
export async function companyGates(db: Db, companyId: number): Promise<Gate[]> {
  const rows = await db.query<{ gate: Gate }>("select gate from company_gates where company_id = $1 order by gate", [companyId]);
  return rows.map((r) => r.gate);
}

/** Whether the company has the gated feature: the one read of a gate, so adding a company to a gate
 * is a row, never a code change. */
export async function companyHasGate(db: Db, companyId: number, gate: Gate): Promise<boolean> {
  return (await one(db, "select 1 from company_gates where gate = $1 and company_id = $2", [gate, companyId])) !== undefined;
}
