import { useState, type ReactNode } from "react";
import { Alert, Button, Descriptions, Form, Input, Modal, Typography } from "antd";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatPlate, parsePlate, type PlateLookup, type Report } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { useDateFormatter } from "../../lib/dates";
import { flagStolenPlate, lookupPlate } from "./plates-api";
import { lookupErrorText } from "./plate-error";
import "./plates.css";

interface PlateSearchDialogProps {
  open: boolean;
  onClose(): void;
  companyId: number;
  /** Opened from a report: a stolen result can flag it. */
  report?: Report;
  onReport?(report: Report): void;
}

function VehicleDetails({ lookup }: { lookup: PlateLookup }): ReactNode {
  const { t } = useTranslation();
  const v = lookup.vehicle;
  if (!v) return <Typography.Text type="secondary">{t("plates.vehicle.unknown")}</Typography.Text>;
  const none = t("common.noValue");
  return (
    <Descriptions size="small" column={1} bordered title={t("plates.vehicle.title")} data-testid="plate-vehicle">
      <Descriptions.Item label={t("plates.vehicle.make")}>{v.make ?? none}</Descriptions.Item>
      <Descriptions.Item label={t("plates.vehicle.model")}>{v.model ?? none}</Descriptions.Item>
      <Descriptions.Item label={t("plates.vehicle.year")}>{v.year ?? none}</Descriptions.Item>
      <Descriptions.Item label={t("plates.vehicle.color")}>{v.color ?? none}</Descriptions.Item>
      <Descriptions.Item label={t("plates.vehicle.type")}>{v.type ?? t(`plates.kinds.${lookup.kind}`)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The plate search dialog (SPEC §2): the Chilean format is checked as typed before anything is asked
 * (the API checks it again); the answer says stolen or not with the vehicle, or the SPEC §8 text of a
 * failure. From a report, a stolen answer can flag the report.
 */
export function PlateSearchDialog({ open, onClose, companyId, report, onReport }: PlateSearchDialogProps): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const format = useDateFormatter();
  const [value, setValue] = useState("");
  const [formatError, setFormatError] = useState<string | null>(null);
  const search = useMutation({ mutationFn: (plate: string) => lookupPlate(companyId, plate) });
  const flag = useMutation({
    mutationFn: (plate: string) => flagStolenPlate(companyId, report!.id, plate),
    onSuccess: (updated) => {
      onReport?.(updated);
      void toast.success(t("plates.flagged", { plate: formatPlate(updated.stolenPlate ?? "") }));
    },
    onError: () => void toast.error(t("plates.flagError")),
  });

  const submit = (): void => {
    if (!value.trim()) return setFormatError(t("plates.required"));
    const parsed = parsePlate(value);
    if (!parsed) {
      search.reset();
      return setFormatError(t("plates.badFormat"));
    }
    setFormatError(null);
    search.mutate(parsed.plate);
  };

  const lookup = search.data;
  const canFlag = report !== undefined && report.can.work && lookup?.stolen === true && report.stolenPlate !== lookup.plate;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t("plates.title")}
      footer={<Button onClick={onClose}>{t("plates.close")}</Button>}
      destroyOnHidden
      data-testid="plate-dialog"
    >
      <Typography.Paragraph type="secondary">{t("plates.intro")}</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={t("plates.label")}
          htmlFor="plate-input"
          validateStatus={formatError ? "error" : undefined}
          help={formatError ?? t("plates.formats")}
        >
          <Input.Search
            id="plate-input"
            value={value}
            maxLength={12}
            autoComplete="off"
            autoFocus
            placeholder={t("plates.placeholder")}
            enterButton={t("plates.search")}
            loading={search.isPending}
            onChange={(e) => {
              setValue(e.target.value.toUpperCase());
              if (formatError) setFormatError(null);
            }}
            onSearch={submit}
            aria-invalid={formatError ? true : undefined}
            data-testid="plate-input"
          />
        </Form.Item>
      </Form>
      <div aria-live="polite" className="plate-result">
        {search.isError && <Alert type="warning" showIcon title={lookupErrorText(search.error, t)} data-testid="plate-error" />}
        {lookup && (
          <div className="plate-result__body" data-testid="plate-result" data-stolen={lookup.stolen}>
            <Alert
              type={lookup.stolen ? "error" : "success"}
              showIcon
              title={<span className="plate-result__title">{lookup.stolen ? t("plates.stolen") : t("plates.clear")}</span>}
              description={t(lookup.stolen ? "plates.stolenDetail" : "plates.clearDetail", { plate: formatPlate(lookup.plate) })}
            />
            <VehicleDetails lookup={lookup} />
            {lookup.cached && (
              <Typography.Text type="secondary" className="plate-result__cached">
                {t("plates.cached", { time: format(lookup.checkedAt) ?? "" })}
              </Typography.Text>
            )}
            {canFlag && (
              <Button danger loading={flag.isPending} onClick={() => flag.mutate(lookup.plate)} data-testid="plate-flag">
                {t("plates.flag")}
              </Button>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
