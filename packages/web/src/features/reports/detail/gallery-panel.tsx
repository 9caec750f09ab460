import type { ReactNode } from "react";
import { Alert, Empty, Skeleton, Typography } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { GalleryItem, Report } from "@atalaya/shared";
import { actionErrorMessage } from "./action-errors";
import { detailKeys, fetchGallery } from "./detail-api";
import { ReportImagesField } from "./images-field";
import { MediaList } from "./media-view";

/** Every file of the report: its own media, then the files attached to its comments. */
export function GalleryPanel({ report, companyId }: { report: Report; companyId: number }): ReactNode {
  const { t } = useTranslation();
  const gallery = useQuery({
    queryKey: detailKeys.sub(companyId, report.id, "gallery"),
    queryFn: ({ signal }) => fetchGallery(companyId, report.id, signal),
  });
  const fromComments: GalleryItem[] = gallery.data ?? [];
  const visible = fromComments.filter((item) => !item.hidden);
  const hidden = fromComments.filter((item) => item.hidden);

  // Whoever works the report may add photos to it (the field is shown above the files).
  const field = report.can.work ? <ReportImagesField report={report} companyId={companyId} /> : null;
  if (gallery.isPending && report.filesMedia.length === 0)
    return (
      <div className="rd-panel rd-gallery">
        {field}
        <Skeleton.Image active />
      </div>
    );
  if (report.filesMedia.length === 0 && fromComments.length === 0 && !gallery.isError)
    return (
      <div className="rd-panel rd-gallery">
        {field}
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("reportDetail.gallery.empty")} data-testid="gallery-empty" />
      </div>
    );

  return (
    <div className="rd-panel rd-gallery" data-testid="gallery-panel">
      {field}
      {report.filesMedia.length > 0 && (
        <section>
          <Typography.Text type="secondary" className="rd-section-label">
            {t("reportDetail.gallery.report")} · {report.filesMedia.length}
          </Typography.Text>
          <MediaList media={report.filesMedia} thumbSize={104} />
        </section>
      )}
      {gallery.isError && <Alert type="error" showIcon title={actionErrorMessage(gallery.error, "load", t)} />}
      {visible.length > 0 && (
        <section>
          <Typography.Text type="secondary" className="rd-section-label">
            {t("reportDetail.gallery.comments")} · {visible.length}
          </Typography.Text>
          <MediaList media={visible} thumbSize={104} />
        </section>
      )}
      {hidden.length > 0 && (
        <section className="rd-gallery__hidden">
          <Typography.Text type="secondary" className="rd-section-label">
            {t("reportDetail.gallery.hidden")} · {hidden.length}
          </Typography.Text>
          <MediaList media={hidden} thumbSize={72} />
        </section>
      )}
    </div>
  );
}
