import { useState, type ReactNode } from "react";
import { App, Button, Empty, Input, InputNumber, Skeleton, Switch, Tooltip, Typography } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companySettingsRouteTable, MAX_REVIEW_ABUSE_THRESHOLD, MAX_REVIEW_DAYS, MAX_SUBSTATUSES, type ReviewSettings, type Substatus } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { isApiError } from "../../../lib/api";
import { queryKeyOf } from "../../../lib/call";
import { createSubstatus, deleteSubstatus, fetchReviewSettings, fetchSubstatuses, lifeKeys, renameSubstatus, saveReviewSettings } from "./report-life-api";
import "./report-life.css";

interface Props {
  companyId: number;
  canManage: boolean;
}

const failure = (error: unknown, t: (k: string) => string, fallback: string) => (isApiError(error) && error.reason ? t(`errors.reasons.${error.reason}`) : fallback);

/** The settings screen's substatus list (issue 17): company admins add, rename and delete them; a
 * deleted one stays on the reports that carry it. */
export function SubstatusesSettings({ companyId, canManage }: Props): ReactNode {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: lifeKeys.substatuses(companyId), queryFn: ({ signal }) => fetchSubstatuses(companyId, signal) });
  const [name, setName] = useState("");
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: lifeKeys.substatuses(companyId) });
    // The settings screen's copy of the company settings carries the substatuses too.
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(companySettingsRouteTable.getCompaniesByCompanyIdSettings, { params: { companyId } }) });
  };
  const onError = (error: unknown) => toast.error(failure(error, t, t("reportLife.substatuses.error")));
  const add = useMutation({ mutationFn: () => createSubstatus(companyId, { name: name.trim() }), onSuccess: () => (setName(""), refresh()), onError });
  const rename = useMutation({ mutationFn: (s: { id: number; name: string }) => renameSubstatus(companyId, s.id, { name: s.name.trim() }), onSuccess: () => (setEditing(null), refresh()), onError });
  const remove = useMutation({ mutationFn: (s: Substatus) => deleteSubstatus(companyId, s.id), onSuccess: refresh, onError });
  const items = list.data ?? [];
  return (
    <section className="screen-card screen-card--inset" aria-labelledby="settings-substatuses" data-testid="substatus-settings">
      <Typography.Title level={2} id="settings-substatuses" className="company-settings__heading">
        {t("reportLife.substatuses.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("reportLife.substatuses.hint")}</Typography.Paragraph>
      {list.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("reportLife.substatuses.empty")} />
      ) : (
        <ul className="life-settings__list">
          {items.map((s) => (
            <li key={s.id} data-testid="substatus-item">
              {editing?.id === s.id ? (
                <form
                  className="life-settings__add"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (editing.name.trim()) rename.mutate(editing);
                  }}
                >
                  <Input value={editing.name} maxLength={60} onChange={(e) => setEditing({ id: s.id, name: e.target.value })} aria-label={t("reportLife.substatuses.name")} autoFocus />
                  <Button type="primary" htmlType="submit" loading={rename.isPending}>
                    {t("common.save")}
                  </Button>
                  <Button onClick={() => setEditing(null)}>{t("common.cancel")}</Button>
                </form>
              ) : (
                <>
                  <span>{s.name}</span>
                  {canManage && (
                    <span>
                      <Tooltip title={t("reportLife.substatuses.rename", { name: s.name })}>
                        <Button type="text" icon={<EditOutlined />} aria-label={t("reportLife.substatuses.rename", { name: s.name })} onClick={() => setEditing({ id: s.id, name: s.name })} />
                      </Tooltip>
                      <Tooltip title={t("reportLife.substatuses.delete", { name: s.name })}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t("reportLife.substatuses.delete", { name: s.name })}
                          onClick={() =>
                            void modal.confirm({
                              title: t("reportLife.substatuses.confirmDelete", { name: s.name }),
                              okButtonProps: { danger: true },
                              onOk: () => remove.mutateAsync(s).catch(() => undefined),
                            })
                          }
                        />
                      </Tooltip>
                    </span>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <form
          className="life-settings__add"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) add.mutate();
          }}
        >
          <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} placeholder={t("reportLife.substatuses.name")} aria-label={t("reportLife.substatuses.name")} data-testid="substatus-name" />
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending} disabled={!name.trim() || items.length >= MAX_SUBSTATUSES} data-testid="substatus-add">
            {t("reportLife.substatuses.add")}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The settings screen's review section (issue 17): on or off, and what makes a reporter new or flagged. */
export function ReviewSettingsSection({ companyId, canManage }: Props): ReactNode {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: lifeKeys.reviewSettings(companyId), queryFn: ({ signal }) => fetchReviewSettings(companyId, signal) });
  return (
    <section className="screen-card screen-card--inset" aria-labelledby="settings-review" data-testid="review-settings">
      <Typography.Title level={2} id="settings-review" className="company-settings__heading">
        {t("reportLife.reviewSettings.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("reportLife.reviewSettings.hint")}</Typography.Paragraph>
      {query.data ? <ReviewForm key={JSON.stringify(query.data)} saved={query.data} companyId={companyId} canManage={canManage} /> : <Skeleton active title={false} paragraph={{ rows: 2 }} />}
    </section>
  );
}

function ReviewForm({ saved, companyId, canManage }: Props & { saved: ReviewSettings }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(saved);
  const save = useMutation({
    mutationFn: () => saveReviewSettings(companyId, value),
    onSuccess: (next) => {
      queryClient.setQueryData(lifeKeys.reviewSettings(companyId), next);
      toast.success(t("reportLife.reviewSettings.saved"));
    },
    onError: () => toast.error(t("reportLife.reviewSettings.error")),
  });
  return (
    <div className="life-settings__row">
      <label className="life-settings__field">
        <span>{t("reportLife.reviewSettings.enabled")}</span>
        <Switch checked={value.enabled} disabled={!canManage} onChange={(enabled) => setValue({ ...value, enabled })} data-testid="review-enabled" />
      </label>
      <label className="life-settings__field">
        <span>{t("reportLife.reviewSettings.newReporterDays")}</span>
        <InputNumber min={0} max={MAX_REVIEW_DAYS} precision={0} value={value.newReporterDays} disabled={!canManage} onChange={(v) => setValue({ ...value, newReporterDays: v ?? 0 })} />
      </label>
      <label className="life-settings__field">
        <span>{t("reportLife.reviewSettings.abuseThreshold")}</span>
        <InputNumber min={1} max={MAX_REVIEW_ABUSE_THRESHOLD} precision={0} value={value.abuseThreshold} disabled={!canManage} onChange={(v) => setValue({ ...value, abuseThreshold: v ?? 1 })} />
      </label>
      {canManage && (
        <Button type="primary" loading={save.isPending} disabled={JSON.stringify(value) === JSON.stringify(saved)} onClick={() => save.mutate()} data-testid="review-save">
          {t("reportLife.reviewSettings.save")}
        </Button>
      )}
    </div>
  );
}
