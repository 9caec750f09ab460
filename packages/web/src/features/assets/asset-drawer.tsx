import type { ReactNode } from "react";
import { Form, Input, InputNumber, Select, Switch } from "antd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ASSET_MESSAGE_MAX, ASSET_TEXT_MAX, ASSET_URL_MAX, assetBodySchema, type Asset, type AssetFields } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { FormDrawer } from "../../components/form-drawer";
import { parseForm, serverProblems, type FieldProblem } from "../organisation";
import { assetKeys, saveAsset } from "./assets-api";

interface Values {
  category: string;
  description: string;
  customMessage: string;
  externalUrl: string;
  tags: string[];
  enabled: boolean;
  latitude: number | null;
  longitude: number | null;
  address: string;
}

/** The create/edit drawer of an asset: values go through the shared schema (same rules and texts as the
 * API, SPEC §5 "the URL entered is not valid"); the server's field errors land on their fields. */
export function AssetDrawer({
  companyId,
  asset,
  bound,
  categories,
  onClose,
}: {
  companyId: number;
  /** null: a new asset. */
  asset: Asset | null;
  /** Where a new asset starts (the company's centre). */
  bound: { latitude: number; longitude: number };
  categories: readonly string[];
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const initialValues: Values = {
    category: asset?.category ?? "",
    description: asset?.description ?? "",
    customMessage: asset?.customMessage ?? "",
    externalUrl: asset?.externalUrl ?? "",
    tags: asset?.tags ?? [],
    enabled: asset?.enabled ?? true,
    latitude: asset?.latitude ?? bound.latitude,
    longitude: asset?.longitude ?? bound.longitude,
    address: asset?.address ?? "",
  };

  const show = (problems: FieldProblem[]): void =>
    form.setFields(problems.map((p) => ({ name: p.name as never, errors: [p.message ?? (t(`assets.rules.${p.code}`, { defaultValue: "" }) || t("assets.tryAgain"))] })));

  const mutation = useMutation({
    mutationFn: (body: AssetFields) => saveAsset(companyId, asset?.id ?? null, body),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: assetKeys.all(companyId) });
      void toast.success(t("assets.saved", { name: saved.description }));
      onClose();
    },
    onError: (error: unknown) => {
      const problems = isApiError(error) ? serverProblems(error.fields) : [];
      if (problems.length > 0) show(problems);
      else void toast.error(t("assets.saveError"));
    },
  });

  const submit = (): void => {
    const v = form.getFieldsValue(true) as Values;
    const result = parseForm(assetBodySchema, { ...v, address: v.address || null, latitude: v.latitude ?? undefined, longitude: v.longitude ?? undefined });
    if ("problems" in result) show(result.problems);
    else mutation.mutate(result.body);
  };

  return (
    <FormDrawer<Values>
      open
      onClose={onClose}
      size={520}
      title={asset ? t("assets.editTitle") : t("assets.createTitle")}
      testId="asset-drawer"
      saveTestId="asset-save"
      pending={mutation.isPending}
      form={form}
      initialValues={initialValues}
      onFinish={submit}
    >
      <Form.Item name="category" label={t("assets.fields.category")}>
        <Input list="asset-categories" maxLength={80} data-testid="asset-category" />
      </Form.Item>
      <datalist id="asset-categories">
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <Form.Item name="description" label={t("assets.fields.description")}>
        <Input maxLength={ASSET_TEXT_MAX} data-testid="asset-description" />
      </Form.Item>
      <Form.Item name="customMessage" label={t("assets.fields.customMessage")} extra={t("assets.fields.customMessageHelp")}>
        <Input.TextArea rows={3} maxLength={ASSET_MESSAGE_MAX} data-testid="asset-message" />
      </Form.Item>
      <Form.Item name="externalUrl" label={t("assets.fields.externalUrl")}>
        <Input inputMode="url" placeholder="https://" maxLength={ASSET_URL_MAX} data-testid="asset-url" />
      </Form.Item>
      <Form.Item name="tags" label={t("assets.fields.tags")}>
        <Select mode="tags" open={false} suffixIcon={null} aria-label={t("assets.fields.tags")} tokenSeparators={[","]} data-testid="asset-tags" />
      </Form.Item>
      <div className="asset-form__coords">
        <Form.Item name="latitude" label={t("assets.fields.latitude")}>
          <InputNumber min={-90} max={90} step={0.0001} className="asset-form__number" data-testid="asset-latitude" />
        </Form.Item>
        <Form.Item name="longitude" label={t("assets.fields.longitude")}>
          <InputNumber min={-180} max={180} step={0.0001} className="asset-form__number" data-testid="asset-longitude" />
        </Form.Item>
      </div>
      <Form.Item name="address" label={t("assets.fields.address")}>
        <Input maxLength={ASSET_TEXT_MAX} />
      </Form.Item>
      <Form.Item name="enabled" label={t("assets.fields.enabled")} valuePropName="checked" extra={t("assets.fields.enabledHelp")}>
        <Switch data-testid="asset-enabled" />
      </Form.Item>
    </FormDrawer>
  );
}
