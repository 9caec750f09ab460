import { useState, type ReactNode } from "react";
import { Button, DatePicker, Form, Input, Select } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { REPORT_TYPES, localizedName } from "@atalaya/shared";
import { useOperators } from "../directory";
import { FilterBar, FilterClearButton, FilterMultiSelect } from "../../components/filter-bar";
import { useClearable } from "../../components/use-clearable";

/** What the history filter bar edits; dates are ISO instants. */
export interface HistoryFilterValues {
  id?: string;
  types?: number[];
  from?: string;
  to?: string;
  user?: number;
}

/** A window of dates and times as the range picker holds it; either end may be open. */
export type Range = [Dayjs | null, Dayjs | null] | null;

/** The range picker's value for a window of ISO instants. */
export const toRange = (from?: string, to?: string): Range => (from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null);

/** The filters' operator field: the company's operators by name, searchable, clearable. */
export function OperatorField({ companyId, id, value, onChange }: { companyId: number; id: string; value?: number; onChange: (next?: number) => void }): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const { operators, loading } = useOperators(companyId);
  const options = [...operators].sort((a, b) => a.name.localeCompare(b.name)).map((o) => ({ value: o.id, label: o.name }));
  return (
    <Form.Item label={t("history.filters.operator")} htmlFor={id} className="history-filters__operator">
      <Select
        id={id}
        allowClear={clearable}
        showSearch={{ optionFilterProp: "label" }}
        loading={loading}
        value={value}
        placeholder={t("history.filters.operatorPlaceholder")}
        options={options}
        onChange={(next?: number) => onChange(next)}
        data-testid={id}
      />
    </Form.Item>
  );
}

/** The filters' window of dates and times (to the minute); either end may stay open. */
export function WindowField({ id, value, onChange, testId }: { id: string; value: Range; onChange: (next: Range) => void; testId?: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Form.Item label={t("history.filters.window")} htmlFor={id} className="history-filters__window">
      <DatePicker.RangePicker
        id={{ start: id, end: `${id}-end` }}
        showTime={{ format: "HH:mm" }}
        format="DD/MM/YYYY HH:mm"
        allowEmpty={[true, true]}
        value={value}
        placeholder={[t("history.filters.start"), t("history.filters.end")]}
        onChange={(next) => onChange(next)}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** The filters' buttons: apply (the form's submit) and clear. */
export function FilterButtons({ applyTestId, onClear }: { applyTestId: string; onClear: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="history-filters__buttons">
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={applyTestId}>
        {t("history.filters.apply")}
      </Button>
      <FilterClearButton onClick={onClear}>{t("history.filters.clear")}</FilterClearButton>
    </div>
  );
}

/** The SPEC §3 report filter: identifier, types, a window of dates and times, operator. Applied on submit. */
export function HistoryFilterBar({
  companyId,
  values,
  onApply,
}: {
  companyId: number;
  values: HistoryFilterValues;
  onApply: (values: HistoryFilterValues) => void;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [id, setId] = useState(values.id ?? "");
  const [types, setTypes] = useState<number[]>(values.types ?? []);
  const [range, setRange] = useState<Range>(toRange(values.from, values.to));
  const [user, setUser] = useState<number | undefined>(values.user);

  const apply = (): void =>
    onApply({
      id: id.trim() || undefined,
      types: types.length ? types : undefined,
      from: range?.[0]?.toISOString(),
      to: range?.[1]?.toISOString(),
      user,
    });
  const clear = (): void => {
    setId("");
    setTypes([]);
    setRange(null);
    setUser(undefined);
    onApply({});
  };

  return (
    <FilterBar label={t("history.filters.label")} className="history-filters" onSubmit={apply} testId="history-filters">
      <Form.Item label={t("history.filters.identifier")} htmlFor="history-id" className="history-filters__id">
        <Input
          id="history-id"
          value={id}
          maxLength={64}
          allowClear={clearable}
          placeholder={t("history.filters.identifierPlaceholder")}
          onChange={(event) => setId(event.target.value)}
          data-testid="history-identifier"
        />
      </Form.Item>
      <FilterMultiSelect
        label={t("history.filters.types")}
        id="history-types"
        className="history-filters__types"
        value={types}
        placeholder={t("history.filters.typesPlaceholder")}
        search
        options={REPORT_TYPES.map((type) => ({ value: type.id, label: localizedName(type.nameLocalized, lang) }))}
        onChange={setTypes}
        testId="history-types"
      />
      <WindowField id="history-window" value={range} onChange={setRange} testId="history-window" />
      <OperatorField companyId={companyId} id="history-operator" value={user} onChange={setUser} />
      <FilterButtons applyTestId="history-apply" onClear={clear} />
    </FilterBar>
  );
}
