import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Button, Input, Typography } from "antd";
import { AimOutlined, DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { LngLatBounds, type Map as MapLibreMap } from "maplibre-gl";
import { useTranslation } from "react-i18next";
import { DEFAULT_TIMEZONE, MAP_ZOOM, ZONE_NAME_MAX, normalizeZonePolygon, zoneAreaM2, zoneShapeProblem, type ZonePolygon } from "@atalaya/shared";
import { CompanyMap } from "../../components/map/company-map";
import { zoneDraw, type ZoneDraw } from "../../components/map/zone-draw";

/** SPEC §3 Onboarding company zone, as the account form keeps it between steps. */
export interface ZoneValue {
  areaName: string;
  polygon: ZonePolygon | null;
  /** Where the map is centred (SPEC §3 currentCoordinatesMap). */
  coordinates: { lat: number; lng: number } | null;
}

// Santiago de Chile: where the map opens when the browser gives no location.
const FALLBACK_CENTRE = { latitude: -33.4489, longitude: -70.6693 };

function fit(map: MapLibreMap, polygon: ZonePolygon): void {
  const bounds = new LngLatBounds();
  for (const [lng, lat] of polygon.coordinates[0] ?? []) bounds.extend([lng, lat]);
  map.fitBounds(bounds, { padding: 40, duration: 0 });
}

/**
 * Step 3 (SPEC §2, §4 map drawing): the zone's name as typed, a 720 × 400 map at zoom 11 with the
 * draw/delete button at the top right (pink while drawing) and the locate button at the bottom right.
 * A zero-area polygon is discarded silently (the drawing goes on); one over 10,000 km² is refused.
 */
export function ZoneStep({ value, onChange }: { value: ZoneValue; onChange: (next: ZoneValue) => void }): ReactNode {
  const { t } = useTranslation();
  const draw = useRef<ZoneDraw | null>(null);
  const map = useRef<MapLibreMap | null>(null);
  const current = useRef(value);
  const [drawing, setDrawing] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  useEffect(() => {
    current.current = value;
  }, [value]);

  const locate = useCallback(() => {
    if (!("geolocation" in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (pos) => map.current?.jumpTo({ center: [pos.coords.longitude, pos.coords.latitude], zoom: MAP_ZOOM.signUp }),
      () => undefined,
      { timeout: 10_000 },
    );
  }, []);

  const onLoad = useCallback(
    (m: MapLibreMap) => {
      map.current = m;
      const centre = () => {
        const c = m.getCenter();
        onChange({ ...current.current, coordinates: { lat: c.lat, lng: c.lng } });
      };
      draw.current = zoneDraw(m, (shape) => {
        if (!shape) {
          onChange({ ...current.current, polygon: null });
          return;
        }
        setDrawing(false);
        if (zoneShapeProblem(shape) === "zoneTooLarge") {
          setTooLarge(true);
          draw.current?.clear();
          return;
        }
        setTooLarge(false);
        onChange({ ...current.current, polygon: normalizeZonePolygon(shape) });
      });
      m.on("moveend", centre);
      centre();
      const existing = current.current.polygon;
      if (existing) {
        draw.current.edit(existing);
        fit(m, existing);
      } else locate();
      return () => {
        m.off("moveend", centre);
        draw.current?.stop();
        draw.current = null;
        map.current = null;
      };
    },
    // The map is made once; the handlers read the latest value through `current`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const toggle = () => {
    if (value.polygon) {
      draw.current?.clear();
      setDrawing(false);
      onChange({ ...value, polygon: null });
      return;
    }
    setTooLarge(false);
    setDrawing(true);
    draw.current?.draw();
  };
  const areaKm2 = value.polygon ? zoneAreaM2(value.polygon) / 1_000_000 : null;

  return (
    <div className="signup-zone">
      <label htmlFor="signup-zone-name" className="ant-form-item-label" style={{ display: "block", marginBottom: 8, fontWeight: 500 }}>
        {t("signup.fields.zoneName")}
      </label>
      <Input
        id="signup-zone-name"
        size="large"
        value={value.areaName}
        maxLength={ZONE_NAME_MAX}
        placeholder={t("signup.fields.zoneNamePlaceholder")}
        onChange={(e) => onChange({ ...value, areaName: e.target.value })}
        data-testid="signup-zone-name"
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph type="secondary">{t("signup.map.hint")}</Typography.Paragraph>
      <div className="signup-map-wrap">
        <CompanyMap
          center={FALLBACK_CENTRE}
          zoom={MAP_ZOOM.signUp}
          timeZone={DEFAULT_TIMEZONE}
          label={t("signup.map.label")}
          onLoad={onLoad}
          testId="signup-map"
        />
        <Button
          className={`signup-map__draw${drawing ? " signup-map__draw--drawing" : ""}`}
          type={value.polygon ? "default" : "primary"}
          danger={Boolean(value.polygon)}
          icon={value.polygon ? <DeleteOutlined /> : <EditOutlined />}
          onClick={toggle}
          data-testid="signup-draw"
          aria-pressed={drawing}
        >
          {value.polygon ? t("signup.map.delete") : drawing ? t("signup.map.drawing") : t("signup.map.draw")}
        </Button>
        <Button className="signup-map__locate" icon={<AimOutlined />} onClick={locate} aria-label={t("signup.map.locate")} title={t("signup.map.locate")} data-testid="signup-locate" />
      </div>
      <div aria-live="polite" style={{ marginTop: 12 }}>
        {tooLarge && <Alert type="error" showIcon title={t("signup.map.tooLarge")} />}
        {areaKm2 !== null && (
          <Typography.Text type="secondary" data-testid="signup-zone-area">
            {t("signup.map.drawn", { area: areaKm2.toLocaleString(undefined, { maximumFractionDigits: 2 }) })}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
