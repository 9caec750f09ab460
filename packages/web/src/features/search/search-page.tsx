import { useState, type ReactNode } from "react";
import { Alert, Empty, Input, Skeleton, Tag, Typography } from "antd";
import { CommentOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { SEARCH_MAX_LENGTH, type CommentSearchHit, type ReportSearchHit } from "@atalaya/shared";
import { ReportRow } from "../reports";
import { ReportTypeIcon, reportTypeName } from "../../components/report-type-visual";
import { useSettings } from "../settings";
import { HighlightText } from "./highlight-text";
import { fetchSearch, searchKey } from "./search-api";
import "./search.css";
import { useClearable } from "../../components/use-clearable";

const noop = (): void => undefined;

/** A found report: the panel's row (it opens the report, where it is taken and worked) and what matched. */
function ReportHit({ hit, now }: { hit: ReportSearchHit; now: number }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const report = { ...hit.report, can: { ...hit.report.can, take: false } };
  return (
    <div className="search-hit" role="listitem" data-testid="search-report">
      <ReportRow
        report={report}
        selected={false}
        now={now}
        taking={false}
        listItem={false}
        onOpen={() => void navigate(`/v3/events/${report.uuid}`)}
        onTake={noop}
      />
      {hit.highlights.length > 0 && (
        <dl className="search-hit__matches">
          {hit.highlights.map((h) => (
            <div key={h.field} className="search-hit__match">
              <dt>{t(`search.fields.${h.field}`)}</dt>
              <dd data-testid={`search-highlight-${h.field}`}>
                <HighlightText segments={h.segments} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** A found comment with its report; the link opens the report. */
function CommentHit({ hit }: { hit: CommentSearchHit }): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (
    <li className="search-comment" data-testid="search-comment">
      <Link to={`/v3/events/${hit.report.uuid}`} className="search-comment__report">
        <ReportTypeIcon typeId={hit.report.type} label={reportTypeName(hit.report.type, lang)} />
        <span>{t("search.commentOn", { id: hit.report.id })}</span>
        {/* Without a title the type's name is the badge's, already read. */}
        <span className="search-comment__type" aria-hidden={hit.report.title ? undefined : true}>
          {hit.report.title || reportTypeName(hit.report.type, lang)}
        </span>
        <Tag>{t(`statuses.${hit.report.status}`)}</Tag>
      </Link>
      <p className="search-comment__body">
        <CommentOutlined aria-hidden /> <HighlightText segments={hit.segments} />
      </p>
      <Typography.Text type="secondary" className="search-comment__author">
        {hit.author ?? t("search.communityUser")}
      </Typography.Text>
    </li>
  );
}

/** The screen's search box; Enter searches again (the text goes to the address, so back and forward work). */
function SearchBox({ initial }: { initial: string }): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  return (
    <Input.Search
      className="search-page__box"
      size="large"
      allowClear={clearable}
      value={text}
      maxLength={SEARCH_MAX_LENGTH}
      placeholder={t("search.placeholder")}
      aria-label={t("search.label")}
      enterButton={t("search.submit")}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => {
        const next = value.trim();
        if (next) void navigate(`/v3/search?q=${encodeURIComponent(next)}`);
      }}
      data-testid="search-page-input"
    />
  );
}

/** `/v3/search?q=`: one search over the reports the user may see and their comments, grouped. */
export function SearchPage(): ReactNode {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const result = useQuery({
    queryKey: searchKey(companyId, q),
    queryFn: ({ signal }) => fetchSearch(companyId, q, signal),
    enabled: q.length > 0,
  });
  const [now] = useState(() => Date.now());

  return (
    <div className="search-page">
      <Typography.Title level={1} className="search-page__title">
        {t("search.title")}
      </Typography.Title>
      {/* Keyed by q: the box starts again from the searched text when the header searches anew. */}
      <SearchBox key={q} initial={q} />
      {!q && <Typography.Paragraph type="secondary">{t("search.hint")}</Typography.Paragraph>}
      {q && result.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {q && result.isError && <Alert type="error" showIcon title={t("search.loadError")} />}
      {result.data && q && (
        <>
          <section aria-labelledby="search-reports">
            <Typography.Title level={2} id="search-reports" className="search-page__group">
              {t("search.reports", { count: result.data.reports.length })}
            </Typography.Title>
            {result.data.reports.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("search.noReports")} />
            ) : (
              <div role="list" className="search-page__reports">
                {result.data.reports.map((hit) => (
                  <ReportHit key={hit.report.id} hit={hit} now={now} />
                ))}
              </div>
            )}
          </section>
          <section aria-labelledby="search-comments">
            <Typography.Title level={2} id="search-comments" className="search-page__group">
              {t("search.comments", { count: result.data.comments.length })}
            </Typography.Title>
            {result.data.comments.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("search.noComments")} />
            ) : (
              <ul className="search-page__comments">
                {result.data.comments.map((hit) => (
                  <CommentHit key={hit.id} hit={hit} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
