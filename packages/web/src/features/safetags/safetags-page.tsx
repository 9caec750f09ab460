import { useState, type HTMLAttributes, type ReactNode } from "react";
import { App, Button, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { DownloadOutlined, PrinterOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { SAFETAG_BATCH_MAX, safetagBatchBodySchema, type Safetag, type SafetagBatch } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { canManageAnswers } from "../answers";
import { downloadFile } from "../export";
import { parseForm, OrganisationPage } from "../organisation";
import { openFile } from "../files";
import { useSettings } from "../settings";
import { createBatch, exportPath, fetchBatches, fetchCodes, safetagKeys, tagAction } from "./safetags-api";
import "../../styles/asset-pages.css";

const STATE_COLORS: Record<Safetag["state"], string> = { unlinked: "default", linked: "green", disabled: "red" };
const batchRow = (b: SafetagBatch): HTMLAttributes<HTMLElement> => ({ "data-testid": "safetag-batch-row", "data-id": String(b.id) }) as HTMLAttributes<HTMLElement>;
const codeRow = (s: Safetag): HTMLAttributes<HTMLElement> => ({ "data-testid": "safetag-row", "data-code": s.code, "data-state": s.state }) as HTMLAttributes<HTMLElement>;

/** `/v3/safetags`: the company's batches of safe tags (SPEC §2 safe tags admin); a batch's codes with
 * creation date, code, name, state, linked user and date and contact; company admins create batches,
 * export them (XLSX, printable PDF of QR labels), unlink and disable codes (disabling is final). */
export function SafetagsPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const timezone = settings.user.timezone;
  const canManage = canManageAnswers(settings);
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get("batch")) || null;
  const [creating, setCreating] = useState(false);
  const batches = useQuery({ queryKey: safetagKeys.batches(companyId), queryFn: ({ signal }) => fetchBatches(companyId, signal) });
  const codes = useQuery({
    queryKey: safetagKeys.codes(companyId, selected ?? 0),
    queryFn: ({ signal }) => fetchCodes(companyId, selected!, signal),
    enabled: selected !== null,
  });
  const action = useMutation({
    mutationFn: ({ tag, kind }: { tag: Safetag; kind: "unlink" | "disable" }) => tagAction(companyId, tag.id, kind),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["safetags", companyId] }),
    onError: (error: unknown) => void toast.error(isApiError(error) ? error.message : t("safetags.actionError")),
  });
  const when = (iso: string | null) => (iso ? formatInstant(iso, timezone, lang) : "—");
  const select = (id: number) => setParams(new URLSearchParams({ batch: String(id) }), { replace: true });

  const confirm = (tag: Safetag, kind: "unlink" | "disable"): void => {
    void modal.confirm({
      title: t(`safetags.confirm.${kind}`, { code: tag.code }),
      content: t(`safetags.confirm.${kind}Text`),
      okButtonProps: { danger: kind === "disable" },
      okText: t(`safetags.actions.${kind}`),
      cancelText: t("common.cancel"),
      onOk: () => action.mutateAsync({ tag, kind }),
    });
  };
  const exportBatch = (format: "xlsx" | "pdf"): void => {
    if (selected === null) return;
    const done = format === "pdf" ? openFile(exportPath(companyId, selected, "pdf")) : downloadFile(exportPath(companyId, selected, "xlsx"), `safetags-${selected}.xlsx`);
    done.catch(() => void toast.error(t("safetags.exportError")));
  };

  const batchColumns: TableColumnsType<SafetagBatch> = [
    {
      key: "name",
      title: t("safetags.batch.name"),
      render: (_, b) => (
        <Button type="link" className="safetag-batch-link" onClick={() => select(b.id)} aria-pressed={b.id === selected} data-testid="safetag-batch-open">
          {b.name}
        </Button>
      ),
    },
    { key: "size", title: t("safetags.batch.size"), dataIndex: "size", align: "right" },
    { key: "linked", title: t("safetags.batch.linked"), dataIndex: "linked", align: "right" },
    { key: "disabled", title: t("safetags.batch.disabled"), dataIndex: "disabled", align: "right" },
    { key: "created", title: t("safetags.fields.createdAt"), render: (_, b) => when(b.createdAt) },
  ];
  const codeColumns: TableColumnsType<Safetag> = [
    { key: "created", title: t("safetags.fields.createdAt"), render: (_, s) => when(s.createdAt) },
    { key: "code", title: t("safetags.fields.code"), render: (_, s) => <Typography.Text code copyable>{s.code}</Typography.Text> },
    { key: "name", title: t("safetags.fields.name"), render: (_, s) => s.name ?? "—" },
    { key: "state", title: t("safetags.fields.state"), render: (_, s) => <Tag color={STATE_COLORS[s.state]}>{t(`safetags.states.${s.state}`)}</Tag> },
    { key: "user", title: t("safetags.fields.user"), render: (_, s) => s.user?.name ?? "—" },
    { key: "linkedAt", title: t("safetags.fields.linkedAt"), render: (_, s) => when(s.linkedAt) },
    { key: "contact", title: t("safetags.fields.contact"), render: (_, s) => (s.contact ? [s.contact.email, s.contact.phone].filter(Boolean).join(" · ") : "—") },
  ];
  if (canManage)
    codeColumns.push({
      key: "actions",
      align: "right",
      render: (_, s) => (
        <Space size={4}>
          {s.state === "linked" && (
            <Button size="small" onClick={() => confirm(s, "unlink")} data-testid="safetag-unlink">
              {t("safetags.actions.unlink")}
            </Button>
          )}
          {s.state !== "disabled" && (
            <Button size="small" danger onClick={() => confirm(s, "disable")} data-testid="safetag-disable">
              {t("safetags.actions.disable")}
            </Button>
          )}
        </Space>
      ),
    });

  return (
    <OrganisationPage
      testId="safetags"
      title={t("safetags.title")}
      subtitle={t("safetags.subtitle")}
      createLabel={t("safetags.create")}
      onCreate={canManage ? () => setCreating(true) : undefined}
      readOnlyNote={t("safetags.readOnly")}
      query={batches}
      loadErrorText={t("safetags.loadError")}
      isEmpty={(batches.data ?? []).length === 0}
      emptyText={t("safetags.empty")}
      drawer={creating && <CreateBatchModal companyId={companyId} onClose={() => setCreating(false)} onCreated={select} />}
    >
      <Table<SafetagBatch> rowKey="id" size="middle" columns={batchColumns} dataSource={batches.data} onRow={batchRow} pagination={false} scroll={{ x: "max-content" }} />
      {selected !== null && (
        <section className="safetag-codes" aria-label={t("safetags.codesTitle")} data-testid="safetag-codes">
          <div className="asset-toolbar safetag-codes__head">
            <Typography.Title level={2} className="safetag-codes__title">
              {codes.data ? t("safetags.codesOf", { name: codes.data.batch.name }) : t("safetags.codesTitle")}
            </Typography.Title>
            {canManage && (
              <Space wrap>
                <Button icon={<DownloadOutlined />} onClick={() => exportBatch("xlsx")} data-testid="safetag-export-xlsx">
                  {t("safetags.exportXlsx")}
                </Button>
                <Button icon={<PrinterOutlined />} onClick={() => exportBatch("pdf")} data-testid="safetag-export-pdf">
                  {t("safetags.exportPdf")}
                </Button>
              </Space>
            )}
          </div>
          {codes.isError ? (
            <Typography.Text type="danger">{t("safetags.loadError")}</Typography.Text>
          ) : (
            <Table<Safetag> rowKey="id" size="small" loading={codes.isPending} columns={codeColumns} dataSource={codes.data?.safetags} onRow={codeRow} scroll={{ x: "max-content" }} pagination={{ pageSize: 50, showSizeChanger: false }} />
          )}
        </section>
      )}
    </OrganisationPage>
  );
}

/** The new batch's name and size, checked by the shared schema. */
function CreateBatchModal({ companyId, onClose, onCreated }: { companyId: number; onClose: () => void; onCreated: (id: number) => void }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; size: number | null }>();
  const create = useMutation({
    mutationFn: (body: { name: string; size: number }) => createBatch(companyId, body),
    onSuccess: (batch) => {
      void queryClient.invalidateQueries({ queryKey: safetagKeys.batches(companyId) });
      void toast.success(t("safetags.created", { count: batch.size, name: batch.name }));
      onCreated(batch.id);
      onClose();
    },
    onError: (error: unknown) => void toast.error(isApiError(error) ? error.message : t("safetags.actionError")),
  });
  const submit = (): void => {
    const v = form.getFieldsValue(true) as { name: string; size: number | null };
    const result = parseForm(safetagBatchBodySchema, { name: v.name ?? "", size: v.size ?? undefined });
    if ("problems" in result) form.setFields(result.problems.map((p) => ({ name: p.name as never, errors: [t(`assets.rules.${p.code}`, { defaultValue: t("assets.tryAgain") })] })));
    else create.mutate(result.body);
  };
  return (
    <Modal open title={t("safetags.createTitle")} onCancel={onClose} onOk={submit} okText={t("safetags.createOk")} cancelText={t("common.cancel")} confirmLoading={create.isPending} okButtonProps={{ "data-testid": "safetag-batch-save" } as never}>
      <Form form={form} layout="vertical" initialValues={{ name: "", size: 10 }} onFinish={submit}>
        <Form.Item name="name" label={t("safetags.batch.name")}>
          <Input maxLength={80} data-testid="safetag-batch-name" />
        </Form.Item>
        <Form.Item name="size" label={t("safetags.batch.size")} extra={t("safetags.batch.sizeHelp", { max: SAFETAG_BATCH_MAX })}>
          <InputNumber min={1} max={SAFETAG_BATCH_MAX} precision={0} className="asset-form__number" data-testid="safetag-batch-size" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
