import { useState, type ReactNode } from "react";
import { Button, DatePicker, Form, Input, Select } from "antd";
import { ClearOutlined, SearchOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { REPORT_TYPES, localizedName } from "@atalaya/shared";
import { useOperators } from "../reports/detail/use-directory";
import { useClearable } from "../../components/use-clearable";

/** What the history filter bar edits; dates are ISO instants. */
export interface HistoryFilterValues {
  id?: string;
  types?: number[];
  from?: string;
  to?: string;
  user?: number;
}

type Range = [Dayjs | null, Dayjs | null] | null;

const toRange = (from?: string, to?: string): Range => (from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null);

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
    <Form layout="vertical" className="history-filters" onFinish={apply} aria-label={t("history.filters.label")} data-testid="history-filters">
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
      <Form.Item label={t("history.filters.types")} htmlFor="history-types" className="history-filters__types">
        <Select
          id="history-types"
          mode="multiple"
          allowClear={clearable}
          maxTagCount="responsive"
          value={types}
          placeholder={t("history.filters.typesPlaceholder")}
          showSearch={{ optionFilterProp: "label" }}
          options={REPORT_TYPES.map((type) => ({ value: type.id, label: localizedName(type.nameLocalized, lang) }))}
          onChange={setTypes}
          data-testid="history-types"
        />
      </Form.Item>
      <Form.Item label={t("history.filters.window")} htmlFor="history-window" className="history-filters__window">
        <DatePicker.RangePicker
          id={{ start: "history-window", end: "history-window-end" }}
          showTime={{ format: "HH:mm" }}
          format="DD/MM/YYYY HH:mm"
          allowEmpty={[true, true]}
          value={range}
          placeholder={[t("history.filters.start"), t("history.filters.end")]}
          onChange={(next) => setRange(next)}
          data-testid="history-window"
        />
      </Form.Item>
      <OperatorField companyId={companyId} id="history-operator" value={user} onChange={setUser} />
      <div className="history-filters__buttons">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="history-apply">
          {t("history.filters.apply")}
        </Button>
        <Button icon={<ClearOutlined />} onClick={clear}>
          {t("history.filters.clear")}
        </Button>
      </div>
    </Form>
  );
}
