import { useState, type ReactNode } from "react";
import { Alert, Button, Input, List, Modal, Select, Space } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formCategoryBodySchema, type FormCategory } from "@atalaya/shared";
import { isApiError } from "../../../lib/api";
import { createCategory, deleteCategory, formKeys } from "../forms-api";

/** Categories and subcategories managed where they are picked: names required and unique among
 * siblings (the server's 409 shown on the name), a subcategory under a category. */
export function CategoriesModal({ companyId, open, categories, onClose }: { companyId: number; open: boolean; categories: FormCategory[]; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [parentId, setParentId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: formKeys.categories(companyId) });
  const create = useMutation({
    mutationFn: () => createCategory(companyId, { name, parentId }),
    onSuccess: () => {
      setName("");
      setError(null);
      void refresh();
    },
    onError: (err) => setError(isApiError(err) && err.translated ? err.message : t("forms.categories.createError")),
  });
  const remove = useMutation({ mutationFn: (id: number) => deleteCategory(companyId, id), onSuccess: () => void refresh(), onError: () => setError(t("forms.categories.createError")) });
  const submit = () => {
    const r = formCategoryBodySchema.safeParse({ name, parentId });
    if (!r.success) return setError(t(`forms.rules.${r.error.issues[0]!.message}`, { defaultValue: r.error.issues[0]!.message }));
    create.mutate();
  };
  const top = categories.filter((c) => c.parentId === null);
  const rows = top.flatMap((c) => [c, ...categories.filter((s) => s.parentId === c.id)]);
  return (
    <Modal open={open} title={t("forms.categories.title")} onCancel={onClose} footer={null} destroyOnHidden data-testid="categories-modal">
      <Space.Compact block className="builder-category-add">
        <Input aria-label={t("forms.categories.name")} placeholder={t("forms.categories.name")} maxLength={80} value={name} onChange={(e) => setName(e.target.value)} onPressEnter={submit} data-testid="category-name" />
        <Select aria-label={t("forms.categories.parent")} className="builder-category-parent" value={parentId} onChange={setParentId} options={[{ value: null, label: t("forms.categories.none") }, ...top.map((c) => ({ value: c.id, label: c.name }))]} data-testid="category-parent" />
        <Button type="primary" icon={<PlusOutlined />} loading={create.isPending} onClick={submit} data-testid="category-add">
          {t("forms.categories.add")}
        </Button>
      </Space.Compact>
      {error && <Alert type="error" showIcon role="alert" title={error} className="builder-category-error" />}
      <List
        size="small"
        dataSource={rows}
        locale={{ emptyText: t("forms.categories.empty") }}
        renderItem={(c) => (
          <List.Item
            actions={[<Button key="rm" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t("forms.categories.remove", { name: c.name })} onClick={() => remove.mutate(c.id)} />]}
            className={c.parentId === null ? "" : "builder-subcategory"}
          >
            {c.parentId === null ? c.name : `↳ ${c.name}`}
          </List.Item>
        )}
      />
    </Modal>
  );
}
