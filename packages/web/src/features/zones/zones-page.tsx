import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert, App, Button, Empty, Form, Input, List, Skeleton, Switch, Tag, Typography } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Map as MapLibreMap } from "maplibre-gl";
import { useTranslation } from "react-i18next";
import { MAX_DRAWING_AREA, ZONE_NAME_MAX, zoneAreaM2, zoneShapeProblem, type Zone, type ZonePolygon } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { CompanyMap } from "../../components/map/company-map";
import { isApiError } from "../../lib/api";
import { canManageAnswers } from "../answers";
import { useSettings } from "../settings";
import { zoneDraw, type ZoneDraw } from "../../components/map/zone-draw";
import { fitZones, showZones } from "./zone-layers";
import { attendGlobalZone, createZone, deleteZone, fetchZones, updateZone, zoneKeys } from "./zones-api";
import "./zones.css";

/** What the editor is doing: nothing, drawing a new zone, or editing one. */
type Editing = { kind: "none" } | { kind: "new" } | { kind: "edit"; zone: Zone };

/** `/v3/zones`: the company's zones on the map; company admins draw, edit and delete them (terra-draw),
 * and choose whether to attend the global zone. Operators see them. */
export function ZonesPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const drawRef = useRef<ZoneDraw | null>(null);
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const [shape, setShape] = useState<ZonePolygon | null>(null);
  const [name, setName] = useState("");
  const fitted = useRef(false);

  const zones = useQuery({ queryKey: zoneKeys.list(companyId), queryFn: ({ signal }) => fetchZones(companyId, signal) });
  const list = useMemo(() => zones.data ?? [], [zones.data]);
  const drawn = list.filter((z) => !z.global);
  const global = list.find((z) => z.global);
  const km2 = (m2: number) => t("zones.areaKm2", { value: (m2 / 1_000_000).toLocaleString(i18n.language, { maximumFractionDigits: 2 }) });

  const onLoad = useCallback((m: MapLibreMap) => {
    drawRef.current = zoneDraw(m, setShape);
    setMap(m);
    return () => drawRef.current?.stop();
  }, []);

  useEffect(() => {
    if (!map) return;
    showZones(map, list, editing.kind === "edit" ? editing.zone.id : null);
    if (!fitted.current && drawn.length > 0) {
      fitZones(map, drawn);
      fitted.current = true;
    }
  }, [map, list, drawn, editing]);

  const reset = () => {
    drawRef.current?.clear();
    setEditing({ kind: "none" });
    setShape(null);
    setName("");
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: zoneKeys.list(companyId) });
  const failure = (error: unknown) => void toast.error(isApiError(error) ? error.message : t("errors.generalError"));

  const save = useMutation({
    mutationFn: async () => {
      const body = { name: name.trim(), polygon: shape! };
      return editing.kind === "edit" ? updateZone(companyId, editing.zone.id, body) : createZone(companyId, body);
    },
    onSuccess: (zone) => {
      void toast.success(t("zones.saved", { name: zone.name }));
      reset();
      void refresh();
    },
    onError: failure,
  });
  const remove = useMutation({
    mutationFn: (zone: Zone) => deleteZone(companyId, zone.id),
    onSuccess: () => void refresh(),
    onError: failure,
  });
  const attend = useMutation({ mutationFn: () => attendGlobalZone(companyId), onSuccess: () => void refresh(), onError: failure });

  const problem = shape ? zoneShapeProblem(shape) : null;
  const problemText = problem ? t(`errors.${problem}`, { max: MAX_DRAWING_AREA.toLocaleString(i18n.language) }) : null;
  const canSave = shape !== null && problem === null && name.trim().length > 0 && !save.isPending;

  const startNew = () => {
    setEditing({ kind: "new" });
    setName("");
    setShape(null);
    drawRef.current?.draw();
  };
  const startEdit = (zone: Zone) => {
    setEditing({ kind: "edit", zone });
    setName(zone.name);
    setShape(zone.polygon);
    drawRef.current?.edit(zone.polygon!);
  };
  const confirmDelete = (zone: Zone) =>
    void modal.confirm({
      title: zone.global ? t("zones.confirmLeaveGlobal") : t("zones.confirmDelete", { name: zone.name }),
      content: zone.global ? t("zones.leaveGlobalText") : t("zones.deleteText"),
      okText: t("zones.delete"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: true, "data-testid": "zone-delete-confirm" },
      onOk: () => remove.mutateAsync(zone).catch(() => undefined),
    });

  return (
    <div className="screen zones-page">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("zones.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("zones.subtitle", { max: MAX_DRAWING_AREA.toLocaleString(i18n.language) })}</Typography.Text>
        </div>
        {canManage && editing.kind === "none" && (
          <Button type="primary" icon={<PlusOutlined />} onClick={startNew} disabled={!map} data-testid="zone-new">
            {t("zones.new")}
          </Button>
        )}
      </header>
      <div className="zones-body">
        <aside className="zones-side">
          {editing.kind !== "none" ? (
            <Form layout="vertical" className="screen-card screen-card--inset zones-editor" onFinish={() => canSave && save.mutate()} data-testid="zone-editor">
              <Typography.Title level={2} className="zones-card__title">
                {editing.kind === "new" ? t("zones.newTitle") : t("zones.editTitle", { name: editing.zone.name })}
              </Typography.Title>
              <Form.Item label={t("zones.name")} required>
                <Input value={name} maxLength={ZONE_NAME_MAX} onChange={(e) => setName(e.target.value)} data-testid="zone-name" autoFocus />
              </Form.Item>
              {shape ? (
                <p className="zones-area" data-testid="zone-area">
                  {t("zones.area")}: <strong>{km2(zoneAreaM2(shape))}</strong>
                </p>
              ) : (
                <Alert type="info" showIcon message={t("zones.drawHint")} />
              )}
              {problemText && <Alert type="error" showIcon message={problemText} data-testid="zone-problem" />}
              <div className="zones-editor__actions">
                <Button onClick={reset}>{t("common.cancel")}</Button>
                {shape && editing.kind === "new" && <Button onClick={startNew}>{t("zones.redraw")}</Button>}
                <Button type="primary" htmlType="submit" disabled={!canSave} loading={save.isPending} data-testid="zone-save">
                  {t("zones.save")}
                </Button>
              </div>
            </Form>
          ) : null}
          <section className="screen-card screen-card--inset" aria-label={t("zones.listLabel")}>
            {canManage && (
              <div className="zones-global">
                <Switch
                  checked={Boolean(global)}
                  loading={attend.isPending || remove.isPending}
                  onChange={(on) => (on ? attend.mutate() : global && confirmDelete(global))}
                  aria-label={t("zones.globalName")}
                  data-testid="zone-global"
                />
                <span>
                  <strong>{t("zones.globalName")}</strong>
                  <br />
                  <Typography.Text type="secondary">{t("zones.globalHint")}</Typography.Text>
                </span>
              </div>
            )}
            {zones.isPending ? (
              <Skeleton active />
            ) : zones.isError ? (
              <Alert type="error" showIcon message={t("errors.generalError")} />
            ) : drawn.length === 0 ? (
              <Empty description={t("zones.empty")} />
            ) : (
              <List
                dataSource={drawn}
                renderItem={(zone) => (
                  <List.Item
                    data-testid="zone-row"
                    actions={
                      canManage
                        ? [
                            <Button key="edit" type="text" icon={<EditOutlined />} aria-label={t("zones.editNamed", { name: zone.name })} onClick={() => startEdit(zone)} disabled={editing.kind !== "none"} />,
                            <Button key="delete" type="text" danger icon={<DeleteOutlined />} aria-label={t("zones.deleteNamed", { name: zone.name })} onClick={() => confirmDelete(zone)} data-testid="zone-delete" />,
                          ]
                        : []
                    }
                  >
                    <List.Item.Meta
                      avatar={<span className="zones-swatch" style={{ background: zone.fill_color }} aria-hidden="true" />}
                      title={<span data-testid="zone-row-name">{zone.name}</span>}
                      description={
                        <>
                          {km2(zone.area_m2 ?? 0)}
                          {zone.restricted_users > 0 && <Tag className="zones-tag">{t("zones.restrictedUsers", { count: zone.restricted_users })}</Tag>}
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
          </section>
        </aside>
        <CompanyMap
styles={settings.maps}           center={settings.company.bound}
          timeZone={settings.company.timezone}
          label={t("zones.mapLabel")}
          onLoad={onLoad}
          testId="zones-map"
          className={`zones-map${editing.kind === "new" && !shape ? " zones-map--drawing" : ""}`}
        />
      </div>
    </div>
  );
}
