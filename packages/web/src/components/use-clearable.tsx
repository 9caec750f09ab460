import { useMemo, type ReactNode } from "react";
import { CloseCircleFilled } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

/** What `allowClear` takes from useClearable: Select reads `label`, Input and its kin the icon's name. */
export interface Clearable {
  clearIcon: ReactNode;
  label: string;
}

/**
 * `allowClear` for Ant Design's Select and Input with the clear button named in the reader's language.
 * Ant Design's locales do not reach it: Select names the button "Clear" in every language and Input
 * leaves it to its icon's English name ("close-circle").
 */
export function useClearable(): Clearable {
  const { t } = useTranslation();
  const label = t("common.clear");
  return useMemo(() => ({ label, clearIcon: <CloseCircleFilled aria-label={label} /> }), [label]);
}
