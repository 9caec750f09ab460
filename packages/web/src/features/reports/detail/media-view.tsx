import type { ReactNode } from "react";
import { Image, Skeleton, Spin, Tag, Tooltip } from "antd";
import { useToast } from "../../../lib/use-toast";
import { FileOutlined, FilePdfOutlined, FileTextOutlined, SoundOutlined, VideoCameraOutlined, WarningOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Media } from "@atalaya/shared";
import { formatSize, kindOfName, mediaDisplay } from "./attachments";
import { openFile, useFileUrl } from "../../files";

function fileIcon(mime: string, name: string): ReactNode {
  const kind = kindOfName(name);
  if (kind === "pdf") return <FilePdfOutlined />;
  if (kind === "txt") return <FileTextOutlined />;
  const display = mediaDisplay({ mime, name });
  if (display === "audio") return <SoundOutlined />;
  if (display === "video") return <VideoCameraOutlined />;
  return <FileOutlined />;
}

/** The name a file is shown with: the sender's original name when known. */
export function displayName(media: Pick<Media, "name" | "originalName">): string {
  return media.originalName || media.name;
}

function StatusBadge({ status }: { status: Media["status"] }): ReactNode {
  const { t } = useTranslation();
  if (status === "processing" || status === "uploaded")
    return (
      <Tag className="rd-file__status" icon={<Spin size="small" />}>
        {t("reportDetail.gallery.processing")}
      </Tag>
    );
  if (status === "failed")
    return (
      <Tag color="error" className="rd-file__status" icon={<WarningOutlined />}>
        {t("reportDetail.gallery.failed")}
      </Tag>
    );
  return null;
}

/** A non-image file: icon, name, size and an inline player for audio and video. */
export function FileChip({ media }: { media: Media }): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const display = mediaDisplay(media);
  const name = displayName(media);
  const playable = (display === "audio" && media.status !== "failed") || (display === "video" && media.status === "ready");
  const { src } = useFileUrl(media.url, playable);
  return (
    <div className="rd-file" data-testid="attachment" data-kind={display}>
      <a
        href={media.url}
        target="_blank"
        rel="noopener noreferrer"
        className="rd-file__link"
        title={name}
        onClick={(event) => {
          // Files behind the API need the operator's token: fetched first, then shown.
          event.preventDefault();
          openFile(media.url).catch(() => void message.error(t("reportDetail.gallery.failed")));
        }}
      >
        <span className="rd-file__icon">{fileIcon(media.mime, name)}</span>
        <span className="rd-file__name">{name}</span>
        <span className="rd-file__size">{formatSize(media.size)}</span>
      </a>
      <StatusBadge status={media.status} />
      {playable && display === "audio" && src && (
        <audio className="rd-file__player" controls preload="metadata" src={src}>
          <track kind="captions" />
        </audio>
      )}
      {playable && display === "video" && src && (
        <video className="rd-file__player rd-file__player--video" controls preload="metadata" src={src}>
          <track kind="captions" />
        </video>
      )}
    </div>
  );
}

function Thumbnail({ media, size }: { media: Media; size: number }): ReactNode {
  const { src, failed } = useFileUrl(media.url);
  return (
    <Tooltip title={displayName(media)}>
      <span className="rd-media__thumb" style={{ width: size, height: size }} data-testid="thumbnail">
        {src ? (
          <Image src={src} alt={displayName(media)} width={size} height={size} style={{ objectFit: "cover" }} />
        ) : failed ? (
          <span className="rd-media__broken">
            <WarningOutlined />
          </span>
        ) : (
          <Skeleton.Image active style={{ width: size, height: size }} />
        )}
        {media.status !== "ready" && <StatusBadge status={media.status} />}
      </span>
    </Tooltip>
  );
}

/** Images as a row of thumbnails with a full-screen preview, and other files as chips. */
export function MediaList({ media, thumbSize = 88 }: { media: readonly Media[]; thumbSize?: number }): ReactNode {
  const images = media.filter((item) => mediaDisplay(item) === "image");
  const others = media.filter((item) => mediaDisplay(item) !== "image");
  if (media.length === 0) return null;
  return (
    <div className="rd-media">
      {images.length > 0 && (
        <Image.PreviewGroup>
          <div className="rd-media__thumbs">
            {images.map((item) => (
              <Thumbnail key={item.name} media={item} size={thumbSize} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
      {others.map((item) => (
        <FileChip key={item.name} media={item} />
      ))}
    </div>
  );
}
