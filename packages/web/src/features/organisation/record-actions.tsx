import type { ReactNode } from "react";
import { App, Button, Tooltip } from "antd";
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { deleteRecord, organisationKeys, type OrganisationResource } from "./organisation-api";
import { relatedKeys } from "./related-keys";

/** Deleting a record after a confirmation; on failure the screen's own retry message (SPEC §8). */
export function useDeleteRecord(companyId: number, resource: OrganisationResource, texts: { confirm: string; error: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (record: { id: number; name: string }) => deleteRecord(companyId, resource, record.id),
    onSuccess: (_, record) => {
      void queryClient.invalidateQueries({ queryKey: organisationKeys.all(resource, companyId) });
      for (const key of relatedKeys(resource, companyId)) void queryClient.invalidateQueries({ queryKey: key });
      void toast.success(t("organisation.common.deleted", { name: record.name }));
    },
    onError: (error: unknown) => {
      void toast.error(isApiError(error) && error.status === 403 ? t("organisation.common.forbidden") : texts.error);
    },
  });
  return (record: { id: number; name: string }): void => {
    void modal.confirm({
      title: t("organisation.common.confirmDelete", { name: record.name }),
      content: texts.confirm,
      okText: t("organisation.common.delete"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: true, "data-testid": "org-delete-confirm" },
      onOk: () => remove.mutateAsync(record).catch(() => undefined),
    });
  };
}

/** The edit and delete buttons of a row, named after the record for screen readers. */
export function RecordActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <span className="screen-actions">
      <Tooltip title={t("organisation.common.edit", { name })}>
        <Button type="text" icon={<EditOutlined />} aria-label={t("organisation.common.edit", { name })} onClick={onEdit} data-testid="org-edit" />
      </Tooltip>
      <Tooltip title={t("organisation.common.remove", { name })}>
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("organisation.common.remove", { name })} onClick={onDelete} data-testid="org-delete" />
      </Tooltip>
    </span>
  );
}
