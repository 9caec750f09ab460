import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Radio, Select, Slider, Typography } from "antd";
import { CaretRightOutlined, LeftOutlined, PauseOutlined, RightOutlined, StepBackwardOutlined, StepForwardOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Popup, type Map as MapLibreMap, type GeoJSONSource, type MapLayerMouseEvent } from "maplibre-gl";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import {
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  HEAT_MAP_INTERVAL_HOURS,
  REPORT_STATUSES,
  REPORT_TYPES,
  localizedName,
  type MapReportFeature,
  type MapReportsResponse,
} from "@atalaya/shared";
import { CompanyMap } from "../../components/map/company-map";
import { useRealtimeEvents } from "../realtime";
import { reportTypeName } from "../../components/report-type-visual";
import { useSettings } from "../settings";
import { heatStepStarts, heatWindow } from "./heat-steps";
import { patrolMarkers, patrolPopupElement, patrolTexts } from "./patrol-markers";
import { useLivePatrols } from "./patrols-api";
import { fetchZones, zoneKeys, showZones } from "../zones";
import { fetchMapHeat, fetchMapReports, mapKeys, mapQueryOf, type MapFilter, type MapQuery } from "./maps-api";
import { HOUR_MS, TIMELAPSE_SPEEDS, reportsUntil, timelapseHours, type TimelapseSpeed } from "./timelapse";
import { clusterCounts, fitReports, reportPins, setReportsVisible, showHeat, showReports } from "./report-layers";
import "../../styles/map-screen.css";
import { useClearable } from "../../components/use-clearable";
import { formatInstant } from "../../lib/dates";

// Report changes arriving live refresh the map at most this often.
const LIVE_REFRESH_MS = 1500;

/** `/v3/maps`: the company's reports of a period on the map (type pins, clustered when dense; not-
 * applicable reports never, SPEC §4) and their heat map, whole or 4 hours at a time (SPEC §9), live.
 * The dashboard's timelapse tab shows it `embedded`, under its own heading and filter (`query`). */
export function MapsPage({ embedded = false, query: given }: { embedded?: boolean; query?: MapQuery } = {}): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const timeZone = settings.company.timezone;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [period, setPeriod] = useState<number>(DEFAULT_DASHBOARD_PERIOD);
  const [types, setTypes] = useState<number[]>([]);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [showPins, setShowPins] = useState(true);
  const [showHeatLayer, setShowHeatLayer] = useState(false);
  const [showPatrols, setShowPatrols] = useState(true);
  const patrols = useLivePatrols(companyId, showPatrols);
  // The heat map's 4-hour step (index into the period's steps), or null for the whole period.
  const [step, setStep] = useState<number | null>(null);
  const fitted = useRef(false);
  const patrolLayer = useRef<ReturnType<typeof patrolMarkers> | null>(null);
  // The timelapse: the hour played (index from the window's first hour; null: not playing) and its speed.
  const [cursor, setCursor] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<TimelapseSpeed>(1);
  const filter: MapFilter = useMemo(() => ({ period, types, statuses }), [period, types, statuses]);
  const own = useMemo(() => mapQueryOf(filter), [filter]);
  const query = given ?? own;

  const reports = useQuery({
    queryKey: mapKeys.reports(companyId, query),
    queryFn: ({ signal }) => fetchMapReports(companyId, query, signal),
    placeholderData: keepPreviousData,
  });
  // The heat map's 4-hour steps over the window the server answered (SPEC §9).
  const answered = reports.data?.window;
  const steps = useMemo(() => (answered ? heatStepStarts(answered) : []), [answered]);
  const heatSlot = step === null || steps.length === 0 ? null : heatWindow(steps[Math.min(step, steps.length - 1)]!, timeZone);
  const heat = useQuery({
    queryKey: mapKeys.heat(companyId, query, heatSlot),
    queryFn: ({ signal }) => fetchMapHeat(companyId, query, heatSlot, signal),
    enabled: showHeatLayer,
    placeholderData: keepPreviousData,
  });

  useEffect(() => patrolLayer.current?.update(showPatrols ? patrols : []), [patrols, showPatrols, map]);

  const zones = useQuery({ queryKey: zoneKeys.list(companyId), queryFn: ({ signal }) => fetchZones(companyId, signal) });
  useEffect(() => {
    if (map && zones.data) showZones(map, zones.data);
  }, [map, zones.data]);

  // New, changed and removed reports refresh what the map shows (debounced: a burst is one refresh).
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRealtimeEvents((message) => {
    if (!["newReport", "updateReport", "removeReport", "removeReports"].includes(message.type)) return;
    clearTimeout(refresh.current);
    refresh.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ["maps", companyId] }), LIVE_REFRESH_MS);
  });
  useEffect(() => () => clearTimeout(refresh.current), []);

  const openReport = useCallback((uuid: string) => void navigate(`/v3/events/${uuid}`), [navigate]);
  const onLoad = useCallback(
    (m: MapLibreMap) => {
      setMap(m);
      const stopCounts = clusterCounts(m, (count) => t("maps.cluster", { count }));
      const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { timeZone, hour: "2-digit", minute: "2-digit" });
      const reportLabel = (r: { type: number; title: string | null; id: number }) => `#${r.id} ${r.title || reportTypeName(r.type, i18n.language)}`;
      patrolLayer.current = patrolMarkers(
        m,
        t,
        (p) => patrolPopupElement(p, patrolTexts(t, p, time, reportLabel), openReport),
      );
      const onCluster = (e: MapLayerMouseEvent) => {
        const f = e.features?.[0];
        if (!f) return;
        const center = (f.geometry as GeoJSON.Point).coordinates as [number, number];
        const clusterId = f.properties.cluster_id as number | undefined;
        if (clusterId === undefined) return void m.easeTo({ center, zoom: m.getZoom() + 2 });
        void m
          .getSource<GeoJSONSource>("reports")!
          .getClusterExpansionZoom(clusterId)
          .then((zoom) => m.easeTo({ center, zoom }));
      };
      // A pin's popup: what the report is, its status and time, and a button that opens it.
      const onPin = (f: MapReportFeature) => {
        const p = f.properties;
        const body = document.createElement("div");
        body.className = "maps-popup";
        const heading = document.createElement("strong");
        heading.textContent = p.title || reportTypeName(p.type, i18n.language);
        const meta = document.createElement("p");
        meta.textContent = `${t(`statuses.${p.status}` as "statuses.pending")} · ${formatInstant(p.created_at, timeZone, i18n.language, "D MMM YYYY, HH:mm") ?? ""}`;
        const open = document.createElement("button");
        open.type = "button";
        open.className = "maps-popup__open";
        open.textContent = t("maps.open");
        open.addEventListener("click", () => openReport(p.uuid));
        body.append(heading, meta, open);
        // Clear of the pin (39 px tall) whichever side the popup opens on; a keyboard lands on its button.
        new Popup({ offset: 40, maxWidth: "260px" }).setLngLat(f.geometry.coordinates).setDOMContent(body).addTo(m);
        open.focus({ preventScroll: true });
      };
      const stopPins = reportPins(m, { label: (p) => t("maps.pin", { type: reportTypeName(p.type, i18n.language), id: p.id }), onOpen: onPin });
      m.on("click", "report-clusters", onCluster);
      m.on("mouseenter", "report-clusters", () => (m.getCanvas().style.cursor = "pointer"));
      m.on("mouseleave", "report-clusters", () => (m.getCanvas().style.cursor = ""));
      return () => {
        stopCounts();
        stopPins();
        patrolLayer.current?.remove();
      };
    },
    [i18n.language, openReport, t, timeZone],
  );

  const hours = reports.data ? timelapseHours(reports.data.window) : null;
  const playedUntil = hours && cursor !== null ? hours.start + cursor * HOUR_MS : null;
  useEffect(() => {
    if (!map || !reports.data) return;
    showReports(map, playedUntil === null ? reports.data : reportsUntil(reports.data, playedUntil));
    setReportsVisible(map, showPins);
    if (!fitted.current) fitted.current = fitReports(map, reports.data);
  }, [map, reports.data, showPins, playedUntil]);

  // Playing: `speed` hours of reports a second, a step every 250 ms; it stops at the window's end.
  useEffect(() => {
    if (!playing || !hours) return undefined;
    const timer = setInterval(() => {
      setCursor((c) => {
        const next = Math.min(hours.hours, (c ?? 0) + speed / 4);
        if (next >= hours.hours) setPlaying(false);
        return next;
      });
    }, 250);
    return () => clearInterval(timer);
  }, [playing, speed, hours]);
  const stopTimelapse = () => {
    setPlaying(false);
    setCursor(null);
  };

  useEffect(() => {
    if (map && heat.data) showHeat(map, heat.data.collection as GeoJSON.FeatureCollection, heat.data.max, showHeatLayer);
  }, [map, heat.data, showHeatLayer]);
  // Whether the heat layer is on the map (drawn by the effect above once its data is there), for the page's state.
  const heatDrawn = showHeatLayer && map !== null && heat.data !== undefined;

  const lang = i18n.language;
  const stepLabel = (i: number) => {
    const from = steps[i]!;
    const to = new Date(from.getTime() + HEAT_MAP_INTERVAL_HOURS * 3_600_000);
    const format = (d: Date) => d.toLocaleString(lang, { timeZone, weekday: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    return t("maps.stepRange", { from: format(from), to: format(to) });
  };
  const data: MapReportsResponse | undefined = reports.data;
  const formatHour = (ms: number) => new Date(ms).toLocaleString(lang, { timeZone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  const shown = data && playedUntil !== null ? reportsUntil(data, playedUntil).total : data?.total;

  return (
    <div className="maps-page" data-heat-drawn={heatDrawn}>
      {!embedded && (
        <header className="maps-header">
          <Typography.Title level={1} className="maps-header__title">
            {t("maps.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("maps.subtitle")}</Typography.Text>
        </header>
      )}
      <div className="maps-body">
        <aside className="maps-side" aria-label={t("maps.layers")}>
          {!embedded && (
            <section className="maps-card">
              <Typography.Title level={2} className="maps-card__title" id="maps-period">
                {t("maps.period")}
              </Typography.Title>
              <Radio.Group
                aria-labelledby="maps-period"
                optionType="button"
                value={period}
                onChange={(e) => {
                  setPeriod(Number(e.target.value));
                  setStep(null);
                  stopTimelapse();
                  fitted.current = false;
                }}
                options={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t(`maps.periods.${p}` as "maps.periods.1") }))}
                className="maps-periods"
                data-testid="maps-period"
              />
              <label className="maps-field">
                <span>{t("maps.types")}</span>
                <Select
                  mode="multiple"
                  allowClear={clearable}
                  value={types}
                  onChange={setTypes}
                  placeholder={t("maps.typesPlaceholder")}
                  aria-label={t("maps.types")}
                  optionFilterProp="label"
                  maxTagCount="responsive"
                  options={REPORT_TYPES.filter((type) => type.active).map((type) => ({ value: type.id, label: localizedName(type.nameLocalized, lang) }))}
                />
              </label>
              <label className="maps-field">
                <span>{t("maps.statuses")}</span>
                <Select
                  mode="multiple"
                  allowClear={clearable}
                  value={statuses}
                  onChange={setStatuses}
                  placeholder={t("maps.statusesPlaceholder")}
                  aria-label={t("maps.statuses")}
                  maxTagCount="responsive"
                  options={REPORT_STATUSES.filter((s) => s !== "false").map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                />
              </label>
            </section>
          )}
          <section className="maps-card">
            <Typography.Title level={2} className="maps-card__title">
              {t("maps.layers")}
            </Typography.Title>
            <Checkbox checked={showPins} onChange={(e) => setShowPins(e.target.checked)} data-testid="maps-layer-reports">
              {t("maps.reportsLayer")}
            </Checkbox>
            <Checkbox checked={showPatrols} onChange={(e) => setShowPatrols(e.target.checked)} data-testid="maps-layer-patrols">
              {t("patrols.layer")}
            </Checkbox>
            <Checkbox checked={showHeatLayer} onChange={(e) => setShowHeatLayer(e.target.checked)} data-testid="maps-layer-heat">
              {t("maps.heatLayer")}
            </Checkbox>
            {showHeatLayer && (
              <div className="maps-heat" data-testid="maps-heat-controls">
                <Checkbox checked={step === null} onChange={(e) => setStep(e.target.checked ? null : steps.length - 1)} data-testid="maps-heat-whole">
                  {t("maps.wholePeriod")}
                </Checkbox>
                {step !== null && (
                  <>
                    <div className="maps-heat__stepper">
                      <Button size="small" icon={<LeftOutlined />} aria-label={t("maps.previousStep")} disabled={step <= 0} onClick={() => setStep(step - 1)} />
                      <span className="maps-heat__range" data-testid="maps-heat-range">
                        {stepLabel(step)}
                      </span>
                      <Button size="small" icon={<RightOutlined />} aria-label={t("maps.nextStep")} disabled={step >= steps.length - 1} onClick={() => setStep(step + 1)} />
                    </div>
                    <Slider
                      min={0}
                      max={steps.length - 1}
                      value={step}
                      onChange={setStep}
                      tooltip={{ formatter: (v) => (v === undefined ? "" : stepLabel(v)) }}
                      ariaLabelForHandle={t("maps.heatWindow")}
                    />
                    <Typography.Text type="secondary">{t("maps.stepOf", { hours: HEAT_MAP_INTERVAL_HOURS })}</Typography.Text>
                  </>
                )}
                {heat.data && (
                  <p className="maps-figure" data-testid="maps-heat-total">
                    {t("maps.heatTotal", { count: heat.data.total })}
                  </p>
                )}
              </div>
            )}
          </section>
          <section className="maps-card" data-testid="maps-timelapse">
            <Typography.Title level={2} className="maps-card__title">
              {t("maps.timelapse")}
            </Typography.Title>
            {data?.clustered ? (
              <Typography.Text type="secondary">{t("maps.timelapseClustered")}</Typography.Text>
            ) : hours ? (
              <>
                <div className="maps-timelapse__controls">
                  <Button
                    icon={<StepBackwardOutlined />}
                    aria-label={t("maps.hourBack")}
                    disabled={cursor === null || cursor <= 0}
                    onClick={() => setCursor(Math.max(0, Math.ceil((cursor ?? 0) - 1)))}
                  />
                  <Button
                    type="primary"
                    icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
                    onClick={() => {
                      if (playing) return setPlaying(false);
                      if (cursor === null || cursor >= hours.hours) setCursor(0);
                      setPlaying(true);
                    }}
                    data-testid="maps-timelapse-play"
                  >
                    {playing ? t("maps.pause") : t("maps.play")}
                  </Button>
                  <Button
                    icon={<StepForwardOutlined />}
                    aria-label={t("maps.hourForward")}
                    disabled={cursor !== null && cursor >= hours.hours}
                    onClick={() => setCursor(Math.min(hours.hours, Math.floor((cursor ?? 0) + 1)))}
                  />
                  <Select
                    value={speed}
                    onChange={setSpeed}
                    aria-label={t("maps.speed")}
                    options={TIMELAPSE_SPEEDS.map((v) => ({ value: v, label: `${v}×` }))}
                    className="maps-timelapse__speed"
                    data-testid="maps-timelapse-speed"
                  />
                </div>
                <Slider
                  min={0}
                  max={hours.hours}
                  step={1}
                  value={cursor ?? hours.hours}
                  onChange={(v) => {
                    setPlaying(false);
                    setCursor(v);
                  }}
                  tooltip={{ formatter: (v) => (v === undefined ? "" : formatHour(hours.start + v * HOUR_MS)) }}
                  ariaLabelForHandle={t("maps.timelapseSlider")}
                />
                {playedUntil !== null ? (
                  <div className="maps-timelapse__now">
                    <span data-testid="maps-timelapse-time">{formatHour(playedUntil)}</span>
                    <Button size="small" type="link" onClick={stopTimelapse}>
                      {t("maps.showAll")}
                    </Button>
                  </div>
                ) : (
                  <Typography.Text type="secondary">{t("maps.timelapseHint")}</Typography.Text>
                )}
              </>
            ) : null}
          </section>
          <section className="maps-card" aria-live="polite">
            {reports.isError ? (
              <Alert
                type="error"
                showIcon
                message={t("maps.loadError")}
                action={
                  <Button size="small" onClick={() => void reports.refetch()}>
                    {t("maps.retry")}
                  </Button>
                }
              />
            ) : data ? (
              <>
                <p className="maps-figure" data-testid="maps-total">
                  {t("maps.total", { count: shown ?? 0 })}
                </p>
                {data.clustered && <Alert type="info" showIcon message={t("maps.clustered")} />}
                <Typography.Text type="secondary">{t("maps.notApplicable")}</Typography.Text>
              </>
            ) : null}
          </section>
        </aside>
        <CompanyMap styles={settings.maps} center={settings.company.bound} timeZone={timeZone} label={t("maps.mapLabel")} onLoad={onLoad} testId="maps-map" className="maps-map" />
      </div>
    </div>
  );
}
