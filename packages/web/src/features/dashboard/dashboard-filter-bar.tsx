import { useMemo, useState, type ReactNode } from "react";
import { DatePicker, Form, Select, TimePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, REPORT_STATUSES, REPORT_TYPES, dashboardDateToIso, localizedName, type DashboardPeriod } from "@atalaya/shared";
import { fetchZones, zoneKeys } from "../zones";
import { isDefaultFilter, windowProblem, type DashboardFilterState, type DashboardWindow } from "./dashboard-filters";
import { FilterBar, FilterClearButton, FilterMultiSelect } from "../../components/filter-bar";

const DATE_FORMAT = "DD/MM/YYYY";
const TIME_FORMAT = "HH:mm:ss";
// What a new custom window starts as: the last 7 days of the company's calendar, whole days.
const CUSTOM_DAYS = 7;

/** The four pickers' values of a custom window (the day and the time of each end). */
interface Draft {
  startDate: Dayjs | null;
  startTime: Dayjs | null;
  endDate: Dayjs | null;
  endTime: Dayjs | null;
}

const dayOf = (mmddyyyy: string): Dayjs => dayjs(dashboardDateToIso(mmddyyyy));
const timeOf = (hhmmss: string): Dayjs => dayjs(`2000-01-01T${hhmmss}`);

function draftOf(w: DashboardWindow | null): Draft {
  if (!w) return { startDate: null, startTime: null, endDate: null, endTime: null };
  return { startDate: dayOf(w.start_date), startTime: timeOf(w.start_time), endDate: dayOf(w.end_date), endTime: timeOf(w.end_time) };
}

/** The window the pickers stand for (times default to the whole days), or null while a date is missing. */
function windowOf(d: Draft): DashboardWindow | null {
  if (!d.startDate || !d.endDate) return null;
  return {
    start_date: d.startDate.format("MM-DD-YYYY"),
    start_time: d.startTime?.format(TIME_FORMAT) ?? "00:00:00",
    end_date: d.endDate.format("MM-DD-YYYY"),
    end_time: d.endTime?.format(TIME_FORMAT) ?? "23:59:59",
  };
}

/** The company's calendar day as a wall-clock Dayjs (the pickers show the company's clock). */
function companyToday(timeZone: string): Dayjs {
  let now = dayjs();
  try {
    now = now.tz(timeZone);
  } catch {
    // An unknown zone: the browser's clock.
  }
  return dayjs(now.format("YYYY-MM-DD"));
}

/**
 * The SPEC §3 dashboard filter: a period (SPEC §9: 1 day, 6 days, 1 week, 2 weeks, 1 month, 3 months)
 * or a custom window of dates and times in the company's clock, report types, statuses and zones.
 * Every change applies at once (`onChange`); the page keeps it in the address.
 */
export function DashboardFilterBar({
  companyId,
  timeZone,
  filter,
  onChange,
}: {
  companyId: number;
  timeZone: string;
  filter: DashboardFilterState;
  onChange: (next: DashboardFilterState) => void;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const zones = useQuery({ queryKey: zoneKeys.list(companyId), queryFn: ({ signal }) => fetchZones(companyId, signal) });
  const [draft, setDraft] = useState<Draft>(() => draftOf(filter.window));
  const windowKey = JSON.stringify(filter.window);
  const [draftKey, setDraftKey] = useState(windowKey);
  if (draftKey !== windowKey) {
    // The address changed (back button, reset, a valid edit): the pickers follow it.
    setDraftKey(windowKey);
    setDraft(draftOf(filter.window));
  }
  const custom = filter.window !== null;
  const drafted = windowOf(draft);
  const problem = drafted ? windowProblem(drafted) : null;

  const choosePeriod = (value: string): void => {
    if (value !== "custom") {
      onChange({ ...filter, window: null, period: Number(value) as DashboardPeriod });
      return;
    }
    const today = companyToday(timeZone);
    onChange({
      ...filter,
      window: {
        start_date: today.subtract(CUSTOM_DAYS - 1, "day").format("MM-DD-YYYY"),
        start_time: "00:00:00",
        end_date: today.format("MM-DD-YYYY"),
        end_time: "23:59:59",
      },
    });
  };

  const edit = (change: Partial<Draft>): void => {
    const next = { ...draft, ...change };
    setDraft(next);
    const w = windowOf(next);
    if (w && windowProblem(w) === null) onChange({ ...filter, window: w });
  };

  const typeOptions = useMemo(
    () =>
      REPORT_TYPES.filter((type) => type.active || filter.types.includes(type.id))
        .map((type) => ({ value: type.id, label: localizedName(type.nameLocalized, lang) }))
        .sort((a, b) => a.label.localeCompare(b.label, lang)),
    [lang, filter.types],
  );
  const zoneOptions = (zones.data ?? []).filter((z) => !z.global).map((z) => ({ value: z.id, label: z.name }));

  return (
    <FilterBar label={t("dashboard.filters.label")} className="dash-filters" testId="dashboard-filters">
      <Form.Item label={t("dashboard.filters.period")} htmlFor="dash-period" className="dash-filters__period">
        <Select
          id="dash-period"
          value={custom ? "custom" : String(filter.period)}
          onChange={choosePeriod}
          options={[
            ...DASHBOARD_PERIODS.map((p) => ({ value: String(p), label: t(`dashboard.filters.periods.${p}` as "dashboard.filters.periods.1") })),
            { value: "custom", label: t("dashboard.filters.periods.custom") },
          ]}
          data-testid="dashboard-period"
        />
      </Form.Item>
      {custom && (
        <>
          <Form.Item
            label={t("dashboard.filters.start")}
            htmlFor="dash-start-date"
            className="dash-filters__when"
            validateStatus={problem ? "error" : undefined}
            help={problem ? t(`dashboard.filters.${problem}`) : undefined}
          >
            <div className="dash-filters__pair">
              <DatePicker
                id="dash-start-date"
                value={draft.startDate}
                format={DATE_FORMAT}
                allowClear={false}
                onChange={(value) => edit({ startDate: value })}
                data-testid="dashboard-start-date"
              />
              <TimePicker
                value={draft.startTime ?? timeOf("00:00:00")}
                format={TIME_FORMAT}
                allowClear={false}
                needConfirm={false}
                aria-label={`${t("dashboard.filters.start")} (${TIME_FORMAT})`}
                onChange={(value) => edit({ startTime: value })}
                data-testid="dashboard-start-time"
              />
            </div>
          </Form.Item>
          <Form.Item label={t("dashboard.filters.end")} htmlFor="dash-end-date" className="dash-filters__when">
            <div className="dash-filters__pair">
              <DatePicker
                id="dash-end-date"
                value={draft.endDate}
                format={DATE_FORMAT}
                allowClear={false}
                onChange={(value) => edit({ endDate: value })}
                data-testid="dashboard-end-date"
              />
              <TimePicker
                value={draft.endTime ?? timeOf("23:59:59")}
                format={TIME_FORMAT}
                allowClear={false}
                needConfirm={false}
                aria-label={`${t("dashboard.filters.end")} (${TIME_FORMAT})`}
                onChange={(value) => edit({ endTime: value })}
                data-testid="dashboard-end-time"
              />
            </div>
          </Form.Item>
        </>
      )}
      <FilterMultiSelect
        label={t("dashboard.filters.types")}
        id="dash-types"
        className="dash-filters__list"
        value={filter.types}
        placeholder={t("dashboard.filters.typesPlaceholder")}
        search
        options={typeOptions}
        onChange={(types) => onChange({ ...filter, types })}
        testId="dashboard-types"
      />
      <FilterMultiSelect
        label={t("dashboard.filters.status")}
        id="dash-status"
        className="dash-filters__list"
        value={filter.status}
        placeholder={t("dashboard.filters.statusPlaceholder")}
        options={REPORT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        onChange={(status) => onChange({ ...filter, status })}
        testId="dashboard-status"
      />
      <FilterMultiSelect
        label={t("dashboard.filters.zones")}
        id="dash-zones"
        className="dash-filters__list"
        loading={zones.isPending}
        value={filter.zones}
        placeholder={t("dashboard.filters.zonesPlaceholder")}
        search
        options={zoneOptions}
        onChange={(zonesId) => onChange({ ...filter, zones: zonesId })}
        testId="dashboard-zones"
      />
      {!isDefaultFilter(filter) && (
        <div className="dash-filters__reset">
          <FilterClearButton onClick={() => onChange({ period: DEFAULT_DASHBOARD_PERIOD, window: null, types: [], status: [], zones: [] })} testId="dashboard-reset">
            {t("dashboard.filters.reset")}
          </FilterClearButton>
        </div>
      )}
    </FilterBar>
  );
}
