import type { ReactNode } from "react";
import { Alert, Button, Empty, Result, Skeleton, Typography } from "antd";
import { LockOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import "./organisation.css";

/** The frame every organisation screen shares: one h1 with its subtitle, the create button for those
 * who may create (else a note saying who can), and the list's loading, error and empty states. */
export function OrganisationPage({
  testId,
  title,
  subtitle,
  createLabel,
  onCreate,
  readOnlyNote,
  query,
  loadErrorText,
  isEmpty,
  emptyText,
  toolbar,
  drawer,
  children,
}: {
  testId: string;
  title: string;
  subtitle: string;
  createLabel: string;
  /** Absent when the user may not create: `readOnlyNote` shows instead. */
  onCreate?: () => void;
  readOnlyNote: string;
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  loadErrorText: string;
  isEmpty: boolean;
  emptyText: string;
  toolbar?: ReactNode;
  /** The create/edit drawer: mounted whatever the list's state (an empty list is created from it). */
  drawer?: ReactNode;
  children: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="screen-card screen-card--padded" data-testid={`${testId}-loading`}>
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (query.isError) {
    body = (
      <div className="screen-card" data-testid={`${testId}-error`}>
        <Result
          status="warning"
          title={loadErrorText}
          subTitle={isApiError(query.error) ? query.error.message : undefined}
          extra={
            <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t("common.retry")}
            </Button>
          }
        />
      </div>
    );
  } else {
    body = (
      <section className="screen-card" aria-label={title}>
        {toolbar && <div className="screen-toolbar org-toolbar">{toolbar}</div>}
        {isEmpty ? <Empty className="org-empty" description={emptyText} data-testid={`${testId}-empty`} /> : children}
      </section>
    );
  }
  return (
    <div className="page screen org-page" data-testid={`${testId}-page`}>
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        {onCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid={`${testId}-create`}>
            {createLabel}
          </Button>
        )}
      </header>
      {!onCreate && <Alert type="info" showIcon icon={<LockOutlined />} title={readOnlyNote} data-testid={`${testId}-read-only`} />}
      {body}
      {drawer}
    </div>
  );
}
