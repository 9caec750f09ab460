import { STORAGE_KEYS, localStore, safeGet, safeRemove, safeSet } from "../../lib/storage";

/** The organisation chosen in the company selector (localStorage `atalaya.companyId`), or null. */
export function getSelectedCompanyId(): number | null {
  const raw = safeGet(localStore(), STORAGE_KEYS.companyId);
  if (raw === null) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Stores (or with null forgets) the chosen organisation. */
export function setSelectedCompanyId(companyId: number | null): void {
  if (companyId === null) safeRemove(localStore(), STORAGE_KEYS.companyId);
  else safeSet(localStore(), STORAGE_KEYS.companyId, String(companyId));
}
