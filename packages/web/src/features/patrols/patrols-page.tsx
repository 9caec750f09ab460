import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert, Button, Empty, List, Select, Tag, Typography } from "antd";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Popup, type Map as MapLibreMap } from "maplibre-gl";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { MapReportFeature, Patrol } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { CompanyMap } from "../../components/map/company-map";
import { isApiError } from "../../lib/api";
import { reportTypeName } from "../../components/report-type-visual";
import { fetchMapReports, mapKeys, mapQueryOf, clusterCounts, fitReports, reportPins, showReports, PATROL_STATUS_COLORS, patrolMarkers, patrolPopupElement, patrolTexts, useLivePatrols, type MapQuery } from "../maps";
import { assignReport, takeReport } from "../reports";
import { useSettings } from "../settings";
import "../../styles/map-screen.css";
import "./patrols.css";

// The pending reports of the last week: what a patrol may be sent to.
const PENDING: MapQuery = mapQueryOf({ period: 7, types: [], statuses: ["pending"] });

/** Great-circle distance in km between two WGS84 points. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** `/v3/patrols`: the patrols on the map with their status and current report, the pending reports of the
 * week, and assigning one to a patrol from the map (one patrol per report: the detail's assignment). */
export function PatrolsPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const timeZone = settings.company.timezone;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const patrols = useLivePatrols(companyId);
  const patrolsRef = useRef<Patrol[]>(patrols);
  useEffect(() => {
    patrolsRef.current = patrols;
  }, [patrols]);
  const pending = useQuery({ queryKey: mapKeys.reports(companyId, PENDING), queryFn: ({ signal }) => fetchMapReports(companyId, PENDING, signal) });
  const fitted = useRef(false);

  const statusText = useCallback((p: Patrol) => t(`patrols.statuses.${p.status}`), [t]);
  const time = useCallback((iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { timeZone, hour: "2-digit", minute: "2-digit" }), [i18n.language, timeZone]);
  const reportLabel = useCallback((r: { type: number; title: string | null; id: number }) => `#${r.id} ${r.title || reportTypeName(r.type, i18n.language)}`, [i18n.language]);

  const patrolPopup = useCallback((p: Patrol) => patrolPopupElement(p, patrolTexts(t, p, time, reportLabel), (uuid) => void navigate(`/v3/events/${uuid}`)), [navigate, reportLabel, t, time]);

  // The pending report chosen for assignment (from the list or a pin), shown in the side panel.
  const [target, setTarget] = useState<MapReportFeature | null>(null);
  const targetPopup = useRef<Popup | null>(null);
  const choose = useCallback(
    (m: MapLibreMap, f: MapReportFeature) => {
      setTarget(f);
      targetPopup.current?.remove();
      const el = document.createElement("div");
      el.className = "patrol-popup";
      const title = document.createElement("strong");
      title.textContent = reportLabel(f.properties);
      const hint = document.createElement("p");
      hint.textContent = t("patrols.assignHere");
      el.append(title, hint);
      targetPopup.current = new Popup({ offset: 40, maxWidth: "260px" }).setLngLat(f.geometry.coordinates).setDOMContent(el).addTo(m);
    },
    [reportLabel, t],
  );
  const assign = useCallback(
    async (f: MapReportFeature, patrolId: number) => {
      try {
        // A pending report is taken first (a report is worked once taken): dispatching is both.
        if (f.properties.status === "pending") await takeReport(companyId, f.properties.id);
        await assignReport(companyId, f.properties.id, { patrolId });
        const name = patrolsRef.current.find((p) => p.id === patrolId)?.name ?? "";
        void toast.success(t("patrols.assigned", { name }));
        setTarget(null);
        targetPopup.current?.remove();
        void queryClient.invalidateQueries({ queryKey: ["patrols", companyId] });
        void queryClient.invalidateQueries({ queryKey: ["maps", companyId] });
      } catch (error) {
        void toast.error(isApiError(error) ? `${t("patrols.assignError")} ${error.message}` : t("patrols.assignError"));
      }
    },
    [companyId, queryClient, t, toast],
  );
  // The patrols for the chosen report, nearest first, with their distance.
  const options = useMemo(() => {
    if (!target) return [];
    const point = { longitude: target.geometry.coordinates[0], latitude: target.geometry.coordinates[1] };
    return patrols
      .map((p) => ({ p, km: p.position ? distanceKm(point, p.position) : Number.POSITIVE_INFINITY }))
      .sort((a, b) => a.km - b.km)
      .map(({ p, km }) => ({
        value: p.id,
        label: Number.isFinite(km)
          ? t("patrols.distance", { name: `${p.name} (${statusText(p)})`, km: km.toLocaleString(i18n.language, { maximumFractionDigits: 1 }) })
          : t("patrols.distanceUnknown", { name: `${p.name} (${statusText(p)})` }),
      }));
  }, [i18n.language, patrols, statusText, t, target]);

  const markers = useRef<ReturnType<typeof patrolMarkers> | null>(null);
  const onLoad = useCallback(
    (m: MapLibreMap) => {
      setMap(m);
      markers.current = patrolMarkers(m, t, patrolPopup);
      const stopCounts = clusterCounts(m, (count) => t("maps.cluster", { count }));
      // A pending report's pin chooses it for dispatch, as its row's button does.
      const stopPins = reportPins(m, { label: (p) => t("maps.pin", { type: reportTypeName(p.type, i18n.language), id: p.id }), onOpen: (f) => choose(m, f) });
      return () => {
        stopCounts();
        stopPins();
        markers.current?.remove();
      };
    },
    [choose, i18n.language, patrolPopup, t],
  );

  useEffect(() => {
    if (map && pending.data) {
      showReports(map, pending.data);
      if (!fitted.current) fitted.current = fitReports(map, pending.data);
    }
  }, [map, pending.data]);
  useEffect(() => markers.current?.update(patrols), [patrols, map]);

  // The pending reports one by one (the map may cluster them), newest first, for the keyboard too.
  const pendingFeatures = useMemo(
    () => (pending.data?.collection.features ?? []).filter((f): f is MapReportFeature => "id" in f.properties),
    [pending.data],
  );
  const sorted = useMemo(() => [...patrols].sort((a, b) => Number(b.status !== "offline") - Number(a.status !== "offline")), [patrols]);

  return (
    <div className="maps-page">
      <header className="maps-header">
        <Typography.Title level={1} className="maps-header__title">
          {t("patrols.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("patrols.subtitle")}</Typography.Text>
      </header>
      <div className="maps-body">
        <aside className="maps-side">
          {target && (
            <AssignForm
              key={target.properties.id}
              label={reportLabel(target.properties)}
              options={options}
              onAssign={(patrolId) => assign(target, patrolId)}
              onCancel={() => {
                setTarget(null);
                targetPopup.current?.remove();
              }}
            />
          )}
          <section className="maps-card" aria-label={t("patrols.listLabel")}>
            {sorted.length === 0 ? (
              <Empty description={t("patrols.empty")} />
            ) : (
              <List
                dataSource={sorted}
                renderItem={(p) => (
                  <List.Item data-testid="patrol-row" data-patrol-status={p.status}>
                    <List.Item.Meta
                      title={
                        <span className="patrol-row__title">
                          {p.name}{" "}
                          <Tag color={PATROL_STATUS_COLORS[p.status]} data-testid="patrol-status">
                            {statusText(p)}
                          </Tag>
                        </span>
                      }
                      description={
                        <>
                          <div>{p.position ? t("patrols.lastSeen", { time: time(p.position.recorded_at) }) : t("patrols.noPosition")}</div>
                          <div>{p.report ? <Link to={`/v3/events/${p.report.uuid}`}>{t("patrols.working", { report: reportLabel(p.report) })}</Link> : t("patrols.free")}</div>
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
          </section>
          <section className="maps-card" aria-live="polite">
            {pending.isError ? (
              <Alert type="error" showIcon message={t("maps.loadError")} />
            ) : pending.data ? (
              <>
                <p className="maps-figure" data-testid="patrols-pending">
                  {t("patrols.pending", { count: pending.data.total })}
                </p>
                <Typography.Text type="secondary">{t("patrols.pendingHint")}</Typography.Text>
                <ul className="patrols-pending" aria-label={t("patrols.pendingList")}>
                  {pendingFeatures.slice(0, 8).map((f) => (
                    <li key={f.properties.id}>
                      <span>{reportLabel(f.properties)}</span>
                      <Button
                        size="small"
                        disabled={!map}
                        aria-label={t("patrols.assignNamed", { report: reportLabel(f.properties) })}
                        data-testid="pending-assign"
                        onClick={() => {
                          if (!map) return;
                          map.easeTo({ center: f.geometry.coordinates, zoom: Math.max(map.getZoom(), 15) });
                          choose(map, f);
                        }}
                      >
                        {t("patrols.assign")}
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </aside>
        <CompanyMap styles={settings.maps} center={settings.company.bound} timeZone={timeZone} label={t("patrols.mapLabel")} onLoad={onLoad} testId="patrols-map" className="maps-map" />
      </div>
    </div>
  );
}

/** The assignment card: the chosen report, a patrol (nearest first) and the buttons. */
function AssignForm({ label, options, onAssign, onCancel }: { label: string; options: { value: number; label: string }[]; onAssign: (patrolId: number) => Promise<void>; onCancel: () => void }): ReactNode {
  const { t } = useTranslation();
  const [patrolId, setPatrolId] = useState<number | undefined>(options[0]?.value);
  const [busy, setBusy] = useState(false);
  return (
    <section className="maps-card" aria-labelledby="assign-title" data-testid="assign-popup">
      <Typography.Title level={2} className="maps-card__title" id="assign-title">
        {t("patrols.assignTitle")}
      </Typography.Title>
      <strong>{label}</strong>
      <Typography.Text type="secondary">{t("patrols.takesIt")}</Typography.Text>
      <Select value={patrolId} onChange={setPatrolId} options={options} placeholder={t("patrols.assignPlaceholder")} aria-label={t("patrols.assignPlaceholder")} data-testid="assign-patrol" />
      <div className="patrols-assign__actions">
        <Button onClick={onCancel}>{t("common.cancel")}</Button>
        <Button
          type="primary"
          loading={busy}
          disabled={patrolId === undefined}
          data-testid="assign-confirm"
          onClick={() => {
            if (patrolId === undefined) return;
            setBusy(true);
            void onAssign(patrolId).finally(() => setBusy(false));
          }}
        >
          {t("patrols.assign")}
        </Button>
      </div>
    </section>
  );
}
