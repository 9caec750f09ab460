import { useState, type ReactNode } from "react";
import { Badge, Button, Card, Col, Empty, Flex, Listy, Row, Spin, Statistic, Tag, Typography } from "antd";
import { ClearOutlined, ClockCircleOutlined, RightOutlined, ThunderboltOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { LIVE_FEED_LIMIT, addToFeed, type FeedItem } from "./live-feed";
import { TIME_FORMAT, useDateFormatter } from "../../lib/dates";
import { ConnectionIndicator } from "../realtime/connection-indicator";
import { useConnectionState, useRealtimeEvents } from "../realtime/realtime-context";
import { useSettings } from "../settings/settings-context";

const TYPE_COLORS: Partial<Record<FeedItem["type"], string>> = {
  newReport: "magenta",
  updateReport: "blue",
  updateTtlReport: "geekblue",
  removeReport: "volcano",
  removeReports: "volcano",
  newComment: "green",
  incomingComment: "green",
  newNote: "gold",
  like: "pink",
  dislike: "default",
  mediaStatus: "cyan",
  presence: "purple",
};

function FeedRow({ item }: { item: FeedItem }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  return (
    <div className="feed-row" data-testid="live-feed-item" data-type={item.type} data-seq={item.seq}>
      <span className="feed-row__time">
        <ClockCircleOutlined /> {format(item.receivedAt, TIME_FORMAT)}
      </span>
      <Tag color={TYPE_COLORS[item.type] ?? "default"} className="feed-row__type" variant="filled">
        {t(`eventTypes.${item.type}`)}
      </Tag>
      <div className="feed-row__body">
        {item.reportId !== null && (
          <Typography.Text strong className="feed-row__report">
            {t("events.report", { id: item.reportId })}
          </Typography.Text>
        )}
        {item.text && (
          <Typography.Text type="secondary" ellipsis className="feed-row__text" title={item.text}>
            {item.text}
          </Typography.Text>
        )}
      </div>
      <span className="feed-row__seq">{t("events.seq", { seq: item.seq })}</span>
      {item.reportUuid ? (
        <Link to={`/v3/events/${item.reportUuid}`} className="feed-row__link" aria-label={t("events.openReport")}>
          <RightOutlined />
        </Link>
      ) : (
        <span className="feed-row__link" />
      )}
    </div>
  );
}

function LiveActivity(): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const { connected, lastConnectedAt } = useConnectionState();
  const [items, setItems] = useState<FeedItem[]>([]);
  const [received, setReceived] = useState(0);

  useRealtimeEvents((message) => {
    setItems((previous) => addToFeed(previous, message, Date.now()));
    setReceived((count) => count + 1);
  });

  const lastMessage = items[0];

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card className="stat-card">
            <Statistic title={t("events.connection")} valueRender={() => <ConnectionIndicator testId="events-connection-status" />} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card className="stat-card">
            <Statistic
              title={t("events.connectedSince")}
              valueRender={() => (
                <span className="stat-card__value">
                  {connected && lastConnectedAt !== null ? format(lastConnectedAt) : t("common.noValue")}
                </span>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card className="stat-card">
            <Statistic title={t("events.received")} value={received} data-testid="received-count" />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card className="stat-card">
            <Statistic
              title={t("events.lastMessage")}
              valueRender={() => (
                <span className="stat-card__value">
                  {lastMessage ? format(lastMessage.receivedAt, TIME_FORMAT) : t("common.noValue")}
                </span>
              )}
            />
          </Card>
        </Col>
      </Row>

      <Card
        title={
          <Flex align="center" gap={10}>
            <ThunderboltOutlined style={{ color: "var(--atalaya-primary)" }} />
            <span>{t("events.liveFeed")}</span>
            {connected && <Badge status="processing" />}
          </Flex>
        }
        extra={
          <Button icon={<ClearOutlined />} disabled={items.length === 0} onClick={() => setItems([])}>
            {t("events.clear")}
          </Button>
        }
        styles={{ body: { padding: 0 } }}
      >
        <Typography.Paragraph type="secondary" className="feed-hint">
          {t("events.feedHint", { max: LIVE_FEED_LIMIT })}
        </Typography.Paragraph>
        <div data-testid="live-feed" aria-live="polite" className="live-feed">
          {items.length > 0 ? (
            <Listy<FeedItem>
              items={items}
              rowKey="key"
              virtual={false}
              classNames={{ item: "feed-item" }}
              itemRender={(item) => <FeedRow item={item} />}
            />
          ) : (
            <Empty
              className="live-feed__empty"
              image={connected ? Empty.PRESENTED_IMAGE_SIMPLE : <Spin size="large" />}
              description={
                <Flex vertical gap={4}>
                  <Typography.Text strong>{connected ? t("events.emptyTitle") : t("events.waiting")}</Typography.Text>
                  {connected && <Typography.Text type="secondary">{t("events.emptyDescription")}</Typography.Text>}
                </Flex>
              }
            />
          )}
        </div>
      </Card>
    </Flex>
  );
}

/** `/v3/events`: connection status and the live feed of real-time messages (newest first, at most 100). */
export function EventsPage(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={2} className="page__title">
          {t("events.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("events.subtitle", { company: settings.company.name })}</Typography.Text>
      </header>
      <LiveActivity key={settings.company.id} />
    </div>
  );
}
