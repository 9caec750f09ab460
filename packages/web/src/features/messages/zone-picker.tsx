import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Button, ColorPicker, Form, Input, InputNumber, Radio, Select, Space, Typography } from "antd";
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ZONE_STROKE, normalizeZonePolygon, zoneShapeProblem, type MessageZonesResponse, type ZonePolygon } from "@atalaya/shared";
import { CompanyMap } from "../../components/map/company-map";
import { zoneDraw, type ZoneDraw } from "../../components/map/zone-draw";
import { isApiError } from "../../lib/api";
import { createMessageZone, messageKeys } from "./messages-api";

interface ZonePickerProps {
  companyId: number;
  center: { latitude: number; longitude: number };
  timeZone: string;
  zones: MessageZonesResponse | undefined;
  /** null: the company's default zone. */
  value: number | null;
  onChange: (zoneId: number | null) => void;
}

const SOURCE = "message-zone";
type Shown = { polygons: ZonePolygon[]; fill: string; opacity: number; line: string; weight: number };

/** The addressee zone: the company's default zone shown read-only, or a custom zone picked from the
 * list or drawn on the map (shared terra-draw drawing) with its name, colours and line weight. */
export function ZonePicker({ companyId, center, timeZone, zones, value, onChange }: ZonePickerProps): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<"default" | "custom">(value === null ? "default" : "custom");
  const [drawing, setDrawing] = useState(false);
  const [shape, setShape] = useState<ZonePolygon | null>(null);
  const [draft, setDraft] = useState({ name: "", fillColor: ZONE_STROKE, fillOpacity: 0.3, lineColor: ZONE_STROKE, lineWeight: 2 });
  const [problem, setProblem] = useState<string | null>(null);
  const map = useRef<MapLibreMap | null>(null);
  const draw = useRef<ZoneDraw | null>(null);

  const selected = zones?.zones.find((z) => z.id === value);
  const shown: Shown | null =
    mode === "default"
      ? zones ? { polygons: zones.defaultZone.polygons, fill: ZONE_STROKE, opacity: 0.2, line: ZONE_STROKE, weight: 2 } : null
      : selected && !drawing
        ? { polygons: [selected.polygon], fill: selected.fillColor, opacity: selected.fillOpacity, line: selected.lineColor, weight: selected.lineWeight }
        : null;

  const paint = useCallback((m: MapLibreMap, s: Shown | null) => {
    const data = { type: "FeatureCollection" as const, features: (s?.polygons ?? []).map((geometry) => ({ type: "Feature" as const, properties: {}, geometry })) };
    const source = m.getSource(SOURCE) as GeoJSONSource | undefined;
    if (source) source.setData(data);
    else {
      m.addSource(SOURCE, { type: "geojson", data });
      m.addLayer({ id: `${SOURCE}-fill`, type: "fill", source: SOURCE, paint: { "fill-color": ZONE_STROKE, "fill-opacity": 0.2 } });
      m.addLayer({ id: `${SOURCE}-line`, type: "line", source: SOURCE, paint: { "line-color": ZONE_STROKE, "line-width": 2 } });
    }
    if (s) {
      m.setPaintProperty(`${SOURCE}-fill`, "fill-color", s.fill);
      m.setPaintProperty(`${SOURCE}-fill`, "fill-opacity", s.opacity);
      m.setPaintProperty(`${SOURCE}-line`, "line-color", s.line);
      m.setPaintProperty(`${SOURCE}-line`, "line-width", s.weight);
      const points = s.polygons.flatMap((p) => p.coordinates[0] ?? []);
      if (points.length) {
        const lngs = points.map((p) => p[0]);
        const lats = points.map((p) => p[1]);
        m.fitBounds([[Math.min(...lngs), Math.min(...lats)], [Math.max(...lngs), Math.max(...lats)]], { padding: 24, duration: 0, maxZoom: 15 });
      }
    }
  }, []);

  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
    if (map.current) paint(map.current, shown);
  });

  const onLoad = useCallback(
    (m: MapLibreMap) => {
      map.current = m;
      paint(m, latest.current);
      draw.current = zoneDraw(m, setShape);
      return () => {
        draw.current?.stop();
        map.current = null;
      };
    },
    [paint],
  );

  const save = useMutation({
    mutationFn: () => createMessageZone(companyId, { ...draft, name: draft.name.trim(), polygon: normalizeZonePolygon(shape!) }),
    onSuccess: (zone) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.zones(companyId) });
      draw.current?.clear();
      setDrawing(false);
      setDraft((d) => ({ ...d, name: "" }));
      onChange(zone.id);
    },
    onError: (error: unknown) => setProblem(isApiError(error) && error.status === 409 ? t("massMessages.form.zoneNameTaken") : isApiError(error) ? error.message : t("errors.generalError")),
  });

  const submitZone = () => {
    setProblem(null);
    if (!draft.name.trim()) return setProblem(t("massMessages.form.zoneNameRequired"));
    if (!shape || zoneShapeProblem(shape)) return setProblem(t("massMessages.form.drawFirst"));
    save.mutate();
  };

  return (
    <div className="messages-zone" data-testid="message-zone-picker">
      <Radio.Group
        value={mode}
        onChange={(e) => {
          const next = e.target.value as "default" | "custom";
          setMode(next);
          if (next === "default") {
            setDrawing(false);
            draw.current?.clear();
            onChange(null);
          }
        }}
        options={[
          { value: "default", label: t("massMessages.form.zoneDefault") },
          { value: "custom", label: t("massMessages.form.zoneCustom") },
        ]}
        data-testid="message-zone-mode"
      />
      {mode === "default" ? (
        <Typography.Paragraph className="screen-muted" data-testid="message-zone-default">
          {zones?.defaultZone.name} · {t("massMessages.form.zoneDefaultHint")}
        </Typography.Paragraph>
      ) : (
        <Space direction="vertical" className="messages-zone__custom">
          <Select
            aria-label={t("massMessages.form.zonePick")}
            placeholder={t("massMessages.form.zonePick")}
            value={value ?? undefined}
            onChange={(id: number) => {
              setDrawing(false);
              draw.current?.clear();
              onChange(id);
            }}
            options={(zones?.zones ?? []).map((z) => ({ value: z.id, label: z.name }))}
            data-testid="message-zone-select"
          />
          {!drawing ? (
            <Button
              icon={<EditOutlined />}
              onClick={() => {
                setDrawing(true);
                draw.current?.draw();
              }}
              data-testid="message-zone-new"
            >
              {t("massMessages.form.newZone")}
            </Button>
          ) : (
            <div className="messages-zone__form">
              <Form.Item htmlFor="message-zone-name" label={t("massMessages.form.zoneName")} required>
                <Input id="message-zone-name" value={draft.name} maxLength={80} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} data-testid="message-zone-name" />
              </Form.Item>
              <div className="messages-zone__style">
                <Form.Item label={t("massMessages.form.fillColor")}>
                  <ColorPicker value={draft.fillColor} disabledAlpha onChangeComplete={(c) => setDraft((d) => ({ ...d, fillColor: c.toHexString() }))} />
                </Form.Item>
                <Form.Item htmlFor="message-zone-opacity" label={t("massMessages.form.fillOpacity")}>
                  <InputNumber id="message-zone-opacity" min={0} max={1} step={0.1} value={draft.fillOpacity} onChange={(v) => setDraft((d) => ({ ...d, fillOpacity: v ?? 0.3 }))} />
                </Form.Item>
                <Form.Item label={t("massMessages.form.lineColor")}>
                  <ColorPicker value={draft.lineColor} disabledAlpha onChangeComplete={(c) => setDraft((d) => ({ ...d, lineColor: c.toHexString() }))} />
                </Form.Item>
                <Form.Item htmlFor="message-zone-weight" label={t("massMessages.form.lineWeight")}>
                  <InputNumber id="message-zone-weight" min={1} max={20} value={draft.lineWeight} onChange={(v) => setDraft((d) => ({ ...d, lineWeight: v ?? 2 }))} />
                </Form.Item>
              </div>
              <Space wrap>
                <Button danger={Boolean(shape)} icon={shape ? <DeleteOutlined /> : <EditOutlined />} onClick={() => (shape ? draw.current?.clear() : draw.current?.draw())}>
                  {shape ? t("massMessages.form.deleteShape") : t("massMessages.form.draw")}
                </Button>
                <Button type="primary" onClick={submitZone} loading={save.isPending} data-testid="message-zone-save">
                  {t("massMessages.form.saveZone")}
                </Button>
              </Space>
              {problem && <Alert type="error" showIcon message={problem} data-testid="message-zone-problem" />}
            </div>
          )}
        </Space>
      )}
      <div className="messages-zone__map">
        <CompanyMap center={center} timeZone={timeZone} label={t("massMessages.form.map")} onLoad={onLoad} testId="message-zone-map" zoom={11} cooperativeGestures />
      </div>
    </div>
  );
}
