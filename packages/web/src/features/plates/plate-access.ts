import type { CompanyRole, Gate } from "@atalaya/shared";

/** Who may look plates up: the server's `plates.lookup` (company admins and operators, not patrols). */
export function mayLookUpPlates(role: CompanyRole | null): boolean {
  return role === "company_admin" || role === "operator";
}

/** Whether the call buttons show: the company is in the SPEC §6 phone-call gate and the member may call. */
export function mayCall(role: CompanyRole | null, gates: readonly Gate[]): boolean {
  return mayLookUpPlates(role) && gates.includes("phone_calls");
}
