import type { ReactNode } from "react";
import { Select } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { REPORT_TYPES, localizedName } from "@atalaya/shared";
import { fetchZones, zoneKeys } from "../zones";
import { useClearable } from "../../components/use-clearable";

/** Multiple choice of the company's zones (none chosen = every zone). */
export function ZonesSelect({ companyId, value, onChange, id, testId }: { companyId: number; value?: number[]; onChange?: (v: number[]) => void; id?: string; testId?: string }): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const zones = useQuery({ queryKey: zoneKeys.list(companyId), queryFn: ({ signal }) => fetchZones(companyId, signal) });
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear={clearable}
      value={value}
      onChange={onChange}
      loading={zones.isPending}
      placeholder={t("users.form.allZones")}
      optionFilterProp="label"
      options={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))}
      data-testid={testId}
    />
  );
}

/** Multiple choice of the catalogue's active report types (none chosen = every type of the company). */
export function ReportTypesSelect({ value, onChange, id, testId }: { value?: number[]; onChange?: (v: number[]) => void; id?: string; testId?: string }): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear={clearable}
      value={value}
      onChange={onChange}
      placeholder={t("users.form.allTypes")}
      optionFilterProp="label"
      options={REPORT_TYPES.filter((type) => type.active).map((type) => ({ value: type.id, label: localizedName(type.nameLocalized, i18n.language) }))}
      data-testid={testId}
    />
  );
}
