import type { ReactNode } from "react";
import { Button, Result, Select, Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../lib/dates";
import { LAW_ENFORCEMENT_STATES, isAdminGroup, type LawEnforcementRequest, type LawEnforcementState } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { useSettings } from "../settings";
import { downloadRequestFile, fetchRequests, lawEnforcementKeys, setRequestState } from "./law-enforcement-api";

const STATE_COLORS: Record<LawEnforcementState, string> = { received: "blue", in_review: "gold", answered: "green", refused: "red" };

/** `/v3/law-enforcement-requests` (the menu's "Law enforcement", provider administrators): the requests
 * with their reference and state, which they change. */
export function LawEnforcementRequestsPage(): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const provider = isAdminGroup(settings.user.groups);
  const requests = useQuery({ queryKey: lawEnforcementKeys.requests, queryFn: ({ signal }) => fetchRequests(signal), enabled: provider });
  const change = useMutation({
    mutationFn: ({ id, state }: { id: number; state: LawEnforcementState }) => setRequestState(id, state),
    onSuccess: (saved) => {
      queryClient.setQueryData<LawEnforcementRequest[]>(lawEnforcementKeys.requests, (old) => old?.map((r) => (r.id === saved.id ? saved : r)));
      void toast.success(t("lawEnforcement.stateSaved"));
    },
    onError: (error) => void toast.error(isApiError(error) ? error.message : t("errors.generalError")),
  });
  // The portal's one date-time format, in the user's time zone (lib/dates).
  const formatDate = useDateFormatter();
  const date = (iso: string): string => formatDate(iso) ?? iso;

  const columns: TableColumnsType<LawEnforcementRequest> = [
    { key: "reference", title: t("lawEnforcement.columns.reference"), render: (_, r) => <Typography.Text strong copyable>{r.reference}</Typography.Text> },
    { key: "agency", title: t("lawEnforcement.columns.agency"), render: (_, r) => <>{r.agency}<div style={{ color: "#595959", fontSize: 12 }}>{r.email}</div></> },
    { key: "officer", title: t("lawEnforcement.columns.officer"), render: (_, r) => `${r.officerName} (${r.officerRank})` },
    { key: "case", title: t("lawEnforcement.columns.caseNumber"), dataIndex: "caseNumber" },
    {
      key: "requested",
      title: t("lawEnforcement.columns.requested"),
      render: (_, r) =>
        r.reportIds.length > 0
          ? t("lawEnforcement.reportsCount", { count: r.reportIds.length })
          : t("lawEnforcement.areaWindow", { from: r.windowStart ? date(r.windowStart) : "—", to: r.windowEnd ? date(r.windowEnd) : "—" }),
    },
    { key: "created", title: t("lawEnforcement.columns.created"), render: (_, r) => date(r.createdAt) },
    {
      key: "files",
      title: t("lawEnforcement.columns.files"),
      render: (_, r) =>
        r.files.length === 0 && r.attachments.length === 0 ? (
          "—"
        ) : (
          <ul style={{ listStyle: "none", margin: 0, padding: 0, minWidth: 160, maxWidth: 260 }} data-testid="le-files">
            {r.files.map((f) => (
              <li key={f.name}>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={t("lawEnforcement.download", { name: f.originalName ?? f.name })}
                  onClick={() => void downloadRequestFile(f).catch(() => void toast.error(t("lawEnforcement.downloadFailed")))}
                  data-testid="le-file"
                  style={{ paddingInline: 0, height: "auto", whiteSpace: "normal", textAlign: "start" }}
                >
                  {f.originalName ?? f.name}
                </Button>
              </li>
            ))}
            {r.attachments.map((link) => (
              <li key={link}>
                <Typography.Link href={link} target="_blank" rel="noopener noreferrer" style={{ wordBreak: "break-all" }}>
                  {link}
                </Typography.Link>
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: "state",
      title: t("lawEnforcement.columns.state"),
      render: (_, r) => (
        <Select<LawEnforcementState>
          value={r.state}
          style={{ minWidth: 150 }}
          aria-label={t("lawEnforcement.stateLabel", { reference: r.reference })}
          onChange={(state) => change.mutate({ id: r.id, state })}
          options={LAW_ENFORCEMENT_STATES.map((s) => ({ value: s, label: <Tag color={STATE_COLORS[s]}>{t(`lawEnforcement.states.${s}`)}</Tag> }))}
          data-testid="le-state"
        />
      ),
    },
  ];

  let body: ReactNode;
  if (!provider) body = <Result status="403" title={t("statusPages.notAuthTitle")} />;
  else if (requests.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (requests.isError) body = <Result status="warning" title={t("errors.generalError")} extra={<Button onClick={() => void requests.refetch()}>{t("common.retry")}</Button>} />;
  else
    body = (
      <Table<LawEnforcementRequest>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={requests.data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t("lawEnforcement.empty") }}
        onRow={(r) => ({ "data-testid": "le-row", "data-reference": r.reference }) as React.HTMLAttributes<HTMLElement>}
      />
    );

  return (
    <div className="page" data-testid="le-requests-page" style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <header>
        <Typography.Title level={1} style={{ fontSize: 26, marginBottom: 4 }}>{t("lawEnforcement.listTitle")}</Typography.Title>
        <Typography.Text type="secondary">{t("lawEnforcement.listSubtitle")}</Typography.Text>
      </header>
      <section aria-label={t("lawEnforcement.listTitle")} style={{ background: "#fff", borderRadius: 12, padding: 16, minWidth: 0 }}>{body}</section>
    </div>
  );
}
