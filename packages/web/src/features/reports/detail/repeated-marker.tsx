import type { ReactNode } from "react";
import { Tag, Tooltip } from "antd";
import { CopyOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { detailKeys } from "./detail-api";
import { fetchReport } from "../report-api";
import { useTypeName } from "./detail-ui";

/** "Repetido de #N": links to the original report when this organisation can open it. */
export function RepeatedMarker({ companyId, reportId }: { companyId: number; reportId: number }): ReactNode {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const original = useQuery({
    queryKey: detailKeys.sub(companyId, reportId, "summary"),
    queryFn: ({ signal }) => fetchReport(companyId, reportId, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const label = t("reportDetail.header.repeatedOf", { id: reportId });
  const tag = (
    <Tag icon={<CopyOutlined />} color="orange" className="rd-meta__tag" data-testid="repeated-marker">
      {original.data ? <Link to={`/v3/events/${original.data.uuid}`}>{label}</Link> : label}
    </Tag>
  );
  return original.data ? (
    <Tooltip title={`${typeName(original.data.type)} · ${original.data.description}`}>{tag}</Tooltip>
  ) : (
    tag
  );
}
