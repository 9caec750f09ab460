import { useState, type ReactNode } from "react";
import { Button, Typography, Upload } from "antd";
import { CameraOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { isImageMedia, type Report } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { useSettings } from "../../settings";
import { detailKeys, uploadReportImage } from "./detail-api";
import { checkPickedImage, imageUploadError, type ImageUploadError } from "./image-upload";

const ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";

/** The report's photos field (SPEC §5 image uploads): JPEG or PNG only, the size limit and the count
 * beside it, at most the configured number of images per report; each picked file is checked, then
 * sent on its own, and a refusal says which file and why (SPEC §8: wrong type, too big, unknown). */
export function ReportImagesField({ report, companyId }: { report: Report; companyId: number }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const { maxMb, maxReportImages } = settings.uploads;
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const held = report.filesMedia.filter(isImageMedia).length;

  const text = (error: ImageUploadError, name: string): string =>
    t(`reportDetail.images.${error}`, { name, mb: maxMb, max: maxReportImages });

  const sendAll = async (files: File[]): Promise<void> => {
    setSending(true);
    const found: string[] = [];
    let room = maxReportImages - held;
    let added = 0;
    for (const file of files) {
      const before = checkPickedImage(file, { maxMb, room });
      if (before) {
        found.push(text(before, file.name));
        if (before === "tooMany") break;
        continue;
      }
      try {
        await uploadReportImage(companyId, report.id, file);
        room--;
        added++;
      } catch (error) {
        const after = imageUploadError(error);
        found.push(text(after, file.name));
        if (after === "tooMany") break;
      }
    }
    setProblems(found);
    setSending(false);
    if (added > 0) {
      void toast.success(t("reportDetail.images.added"));
      void queryClient.invalidateQueries({ queryKey: detailKeys.report(companyId, report.uuid) });
    }
  };

  return (
    <section className="rd-images" aria-labelledby={`rd-images-${report.id}`} data-testid="report-images">
      <div className="rd-images__bar">
        <Typography.Text strong id={`rd-images-${report.id}`}>
          {t("reportDetail.images.label")}
        </Typography.Text>
        <Upload
          accept={ACCEPT}
          multiple
          showUploadList={false}
          disabled={sending || held >= maxReportImages}
          // Each batch once, with every file the dialog gave (antd calls this per file, the list is the batch).
          beforeUpload={(file, list) => {
            if (file === list[0]) void sendAll(list);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<CameraOutlined />} loading={sending} disabled={sending || held >= maxReportImages} data-testid="report-images-add">
            {t("reportDetail.images.add")}
          </Button>
        </Upload>
        <Typography.Text type="secondary" className="rd-images__limits" data-testid="report-images-limits">
          {t("reportDetail.images.limits", { mb: maxMb, max: maxReportImages })} · {t("reportDetail.images.count", { count: held, max: maxReportImages })}
        </Typography.Text>
      </div>
      {problems.length > 0 && (
        <ul className="rd-images__problems" role="alert" data-testid="report-images-problems">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
