import { createContext, useContext } from "react";
import type { SettingsResponse } from "@atalaya/shared";

/** Settings of the signed-in operator and the current organisation, plus the company switch. */
export interface SettingsContextValue {
  settings: SettingsResponse;
  /** True while the settings of a newly chosen organisation load. */
  switching: boolean;
  selectCompany(companyId: number): void;
}

export const SettingsContext = createContext<SettingsContextValue | null>(null);

/** Settings of the signed-in shell; only valid below the `/v3` layout. */
export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error("useSettings() is only available inside the signed-in portal");
  return value;
}
