import { useState, type HTMLAttributes, type ReactNode } from "react";
import { App, Button, Input, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from "antd";
import { DeleteOutlined, EditOutlined, PrinterOutlined, QrcodeOutlined } from "@ant-design/icons";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { Asset } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { canManageAnswers } from "../answers";
import { OrganisationPage } from "../organisation";
import { openFile } from "../files";
import { useSettings } from "../settings";
import { AssetDrawer } from "./asset-drawer";
import { AssetQrModal } from "./asset-qr-modal";
import { assetKeys, deleteAsset, fetchAssets, sheetPath, type AssetFilter } from "./assets-api";
import "../../styles/asset-pages.css";
import { useClearable } from "../../components/use-clearable";

const rowProps = (a: Asset): HTMLAttributes<HTMLElement> => ({ "data-testid": "asset-row", "data-id": String(a.id) }) as HTMLAttributes<HTMLElement>;

/** The list's filter from the address (q, category, enabled, page). */
function filterOf(params: URLSearchParams): AssetFilter {
  const enabled = params.get("enabled");
  const page = Number(params.get("page"));
  return {
    q: params.get("q") ?? "",
    category: params.get("category") ?? "",
    enabled: enabled === "true" || enabled === "false" ? enabled : "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: 10,
  };
}

/** `/v3/assets`: the company's assets with their QR codes (SPEC §2 assets list and form): search, filter
 * by category and enabled, pages; company admins create and edit them in a drawer, download each QR
 * code as PNG or SVG and print a sheet of them. */
export function AssetsPage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const [editing, setEditing] = useState<Asset | null | undefined>(undefined);
  const [qrOf, setQrOf] = useState<Asset | null>(null);
  const assets = useQuery({
    queryKey: assetKeys.page(companyId, filter),
    queryFn: ({ signal }) => fetchAssets(companyId, filter, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (a: Asset) => deleteAsset(companyId, a.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: assetKeys.all(companyId) }),
    onError: () => void toast.error(t("assets.deleteError")),
  });

  const setFilter = (change: Partial<AssetFilter>): void => {
    const next = { ...filter, page: 1, ...change };
    const out = new URLSearchParams();
    if (next.q) out.set("q", next.q);
    if (next.category) out.set("category", next.category);
    if (next.enabled) out.set("enabled", next.enabled);
    if (next.page > 1) out.set("page", String(next.page));
    setParams(out, { replace: true });
  };
  const printSheet = (): void => {
    openFile(sheetPath(companyId)).catch(() => void toast.error(t("assets.sheetError")));
  };
  const confirmDelete = (a: Asset): void => {
    void modal.confirm({ title: t("assets.confirmDelete", { name: a.description }), content: t("assets.deleteText"), okButtonProps: { danger: true }, okText: t("assets.delete"), cancelText: t("common.cancel"), onOk: () => remove.mutateAsync(a) });
  };

  const columns: TableColumnsType<Asset> = [
    { key: "category", title: t("assets.fields.category"), render: (_, a) => <span className="asset-category">{a.category}</span> },
    {
      key: "description",
      title: t("assets.fields.description"),
      render: (_, a) => (
        <div>
          <div>{a.description}</div>
          {a.tags.length > 0 && (
            <div className="asset-tags">
              {a.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </div>
          )}
        </div>
      ),
    },
    {
      key: "enabled",
      title: t("assets.fields.state"),
      render: (_, a) => <Tag color={a.enabled ? "green" : "default"} data-testid="asset-state">{a.enabled ? t("assets.enabled") : t("assets.disabled")}</Tag>,
    },
    {
      key: "actions",
      align: "right",
      render: (_, a) => (
        <Space size={4}>
          <Tooltip title={t("assets.qr.show")}>
            <Button type="text" icon={<QrcodeOutlined />} aria-label={t("assets.qr.showFor", { name: a.description })} onClick={() => setQrOf(a)} data-testid="asset-qr" />
          </Tooltip>
          {canManage && (
            <>
              <Button type="text" icon={<EditOutlined />} aria-label={t("assets.edit", { name: a.description })} onClick={() => setEditing(a)} data-testid="asset-edit" />
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("assets.remove", { name: a.description })} onClick={() => confirmDelete(a)} />
            </>
          )}
        </Space>
      ),
    },
  ];

  const data = assets.data;
  return (
    <OrganisationPage
      testId="assets"
      title={t("assets.title")}
      subtitle={t("assets.subtitle")}
      createLabel={t("assets.create")}
      onCreate={canManage ? () => setEditing(null) : undefined}
      readOnlyNote={t("assets.readOnly")}
      query={assets}
      loadErrorText={t("assets.loadError")}
      isEmpty={false}
      emptyText=""
      toolbar={
        <div className="asset-toolbar">
          <Input.Search
            allowClear={clearable}
            defaultValue={filter.q}
            placeholder={t("assets.search")}
            aria-label={t("assets.search")}
            onSearch={(q) => setFilter({ q: q.trim() })}
            className="asset-toolbar__search"
            data-testid="asset-search"
          />
          <Select
            value={filter.category}
            onChange={(category: string) => setFilter({ category })}
            aria-label={t("assets.fields.category")}
            className="asset-toolbar__select"
            options={[{ value: "", label: t("assets.allCategories") }, ...(data?.categories ?? []).map((c) => ({ value: c, label: c }))]}
          />
          <Select
            value={filter.enabled}
            onChange={(enabled: AssetFilter["enabled"]) => setFilter({ enabled })}
            aria-label={t("assets.fields.state")}
            className="asset-toolbar__select"
            options={[
              { value: "", label: t("assets.allStates") },
              { value: "true", label: t("assets.enabled") },
              { value: "false", label: t("assets.disabled") },
            ]}
          />
          {canManage && (
            <Button icon={<PrinterOutlined />} onClick={printSheet} data-testid="asset-print">
              {t("assets.printSheet")}
            </Button>
          )}
        </div>
      }
      drawer={
        <>
          {canManage && editing !== undefined && (
            <AssetDrawer companyId={companyId} asset={editing} bound={settings.company.bound} categories={data?.categories ?? []} onClose={() => setEditing(undefined)} />
          )}
          {qrOf && <AssetQrModal companyId={companyId} asset={qrOf} publicUrl={`${window.location.origin}/a/${qrOf.uuid}`} onClose={() => setQrOf(null)} />}
        </>
      }
    >
      <Table<Asset>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.assets}
        onRow={rowProps}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("assets.empty") }}
        pagination={{
          current: filter.page,
          pageSize: filter.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setFilter({ page }),
        }}
      />
    </OrganisationPage>
  );
}
