import { useState, type HTMLAttributes, type ReactNode } from "react";
import { Alert, App, Button, Empty, Result, Skeleton, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { ClockCircleOutlined, DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Shift } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { canManageAnswers } from "../answers";
import { formatDuration } from "../../lib/dates";
import { useSettings } from "../settings";
import { ShiftDrawer } from "./shift-drawer";
import { crossesMidnight, shiftLength } from "./shift-form";
import { deleteShift, fetchShifts, shiftKeys } from "./shifts-api";
import "./shifts.css";

const rowProps = (shift: Shift): HTMLAttributes<HTMLElement> =>
  ({ "data-testid": "shift-row", "data-shift-id": shift.id, "data-name": shift.name }) as HTMLAttributes<HTMLElement>;

/** `/v3/shifts` (SPEC §2 menu entry "Shifts"): the company's shifts; company admins create, edit and
 * delete them, operators read them. The dashboard's operators tab splits work by them. */
export function ShiftsPage(): ReactNode {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  // Company admins hold "shifts.manage" (the same role that manages answers and zones).
  const canManage = canManageAnswers(settings);
  // undefined = drawer closed, null = creating, a shift = editing it.
  const [editing, setEditing] = useState<Shift | null | undefined>(undefined);

  const shifts = useQuery({ queryKey: shiftKeys.list(companyId), queryFn: ({ signal }) => fetchShifts(companyId, signal) });
  const list = shifts.data ?? [];

  const remove = useMutation({
    mutationFn: (shift: Shift) => deleteShift(companyId, shift.id),
    onSuccess: (_, shift) => {
      queryClient.setQueryData<Shift[]>(shiftKeys.list(companyId), (old) => old?.filter((s) => s.id !== shift.id));
      void queryClient.invalidateQueries({ queryKey: shiftKeys.list(companyId) });
      void queryClient.invalidateQueries({ queryKey: ["dashboard", companyId] });
      void toast.success(t("shifts.success.deleted", { name: shift.name }));
    },
    onError: (error: unknown) => {
      const text = isApiError(error) && error.status === 403 ? t("shifts.forbidden") : isApiError(error) ? error.message : t("errors.generalError");
      void toast.error(text);
    },
  });

  const confirmDelete = (shift: Shift): void => {
    void modal.confirm({
      title: t("shifts.confirmDelete.title", { name: shift.name }),
      content: t("shifts.confirmDelete.text"),
      okText: t("shifts.confirmDelete.ok"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: true, "data-testid": "shift-delete-confirm" },
      onOk: () => remove.mutateAsync(shift).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<Shift> = [
    {
      key: "name",
      title: t("shifts.columns.name"),
      render: (_, shift) => (
        <strong className="shifts-name" data-testid="shift-name-cell">
          {shift.name}
        </strong>
      ),
    },
    {
      key: "hours",
      title: t("shifts.columns.hours"),
      render: (_, shift) => (
        <span className="shifts-hours">
          <span data-testid="shift-hours">{t("shifts.hours", { start: shift.start_time, end: shift.end_time })}</span>
          {crossesMidnight(shift.start_time, shift.end_time) && (
            <Tooltip title={t("shifts.crossesMidnightHint")}>
              <Tag color="purple" className="shifts-midnight" data-testid="shift-crosses-midnight">
                {t("shifts.crossesMidnight")}
              </Tag>
            </Tooltip>
          )}
        </span>
      ),
    },
    {
      key: "length",
      title: t("shifts.columns.length"),
      width: 120,
      // On a phone the name, hours and actions keep the width; the length is in the hours anyway.
      responsive: ["sm"],
      render: (_, shift) => formatDuration(shiftLength(shift.start_time, shift.end_time)),
    },
  ];
  if (canManage)
    columns.push({
      key: "actions",
      width: 96,
      align: "right",
      render: (_, shift) => (
        <span className="screen-actions">
          <Tooltip title={t("shifts.actions.edit", { name: shift.name })}>
            <Button type="text" icon={<EditOutlined />} aria-label={t("shifts.actions.edit", { name: shift.name })} onClick={() => setEditing(shift)} data-testid="shift-edit" />
          </Tooltip>
          <Tooltip title={t("shifts.actions.delete", { name: shift.name })}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t("shifts.actions.delete", { name: shift.name })}
              onClick={() => confirmDelete(shift)}
              data-testid="shift-delete"
            />
          </Tooltip>
        </span>
      ),
    });

  let body: ReactNode;
  if (shifts.isPending) {
    body = (
      <div className="screen-card screen-card--padded" data-testid="shifts-loading">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (shifts.isError) {
    body = (
      <div className="screen-card" data-testid="shifts-error">
        <Result
          status="warning"
          title={t("shifts.loadError")}
          subTitle={isApiError(shifts.error) ? shifts.error.message : undefined}
          extra={
            <Button type="primary" onClick={() => void shifts.refetch()} loading={shifts.isFetching}>
              {t("common.retry")}
            </Button>
          }
        />
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <div className="screen-card screen-card--padded" data-testid="shifts-empty">
        <Empty
          image={<ClockCircleOutlined className="screen-empty-icon" />}
          description={
            <>
              <div className="screen-empty-title">{t("shifts.empty.title")}</div>
              <div className="screen-muted">{canManage ? t("shifts.empty.hintAdmin") : t("shifts.empty.hintReadOnly")}</div>
            </>
          }
        >
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t("shifts.create")}
            </Button>
          )}
        </Empty>
      </div>
    );
  } else {
    body = (
      <section className="screen-card" aria-label={t("shifts.listLabel")}>
        <div className="screen-toolbar">
          <span className="screen-muted" data-testid="shifts-count">
            {t("shifts.count", { count: list.length })}
          </span>
        </div>
        <Table<Shift>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          onRow={rowProps}
          pagination={false}
          loading={shifts.isFetching && !shifts.isPending ? { delay: 300 } : false}
        />
      </section>
    );
  }

  return (
    <div className="page screen shifts-page" data-testid="shifts-page">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("shifts.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("shifts.subtitle")}</Typography.Text>
        </div>
        {canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="shift-create">
            {t("shifts.create")}
          </Button>
        )}
      </header>
      {!canManage && <Alert type="info" showIcon icon={<LockOutlined />} title={t("shifts.readOnly")} data-testid="shifts-read-only" />}
      {body}
      {canManage && <ShiftDrawer companyId={companyId} editing={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
