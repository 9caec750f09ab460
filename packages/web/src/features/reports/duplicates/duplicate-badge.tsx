import type { ReactNode } from "react";
import { Tag } from "antd";
import { CopyOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ReportListItem } from "@atalaya/shared";
import { duplicateKeys, fetchDuplicateCounts } from "./duplicates-api";
import "./duplicates.css";

const OPEN = new Set(["pending", "in_progress", "in_observation"]);
const EMPTY: ReadonlyMap<number, number> = new Map();

/** The suggestion counts of the open reports in view, asked again when one of them changes version
 * (a merge, a dismissal or a closure elsewhere) or another report comes into view. */
export function useDuplicateCounts(companyId: number, reports: readonly (ReportListItem | undefined)[]): ReadonlyMap<number, number> {
  const open = reports.filter((r): r is ReportListItem => !!r && OPEN.has(r.status)).sort((a, b) => a.id - b.id);
  const key = open.map((r) => `${r.id}.${r.version}`).join(",");
  const counts = useQuery({
    queryKey: duplicateKeys.counts(companyId, key),
    queryFn: ({ signal }) => fetchDuplicateCounts(companyId, open.map((r) => r.id), signal),
    enabled: open.length > 0,
    staleTime: 30_000,
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });
  return counts.data ?? EMPTY;
}

/** "Posible repetido" on a panel row whose report has suggestions. */
export function DuplicateBadge({ count }: { count: number }): ReactNode {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Tag icon={<CopyOutlined />} className="duplicate-badge" data-testid="badge-duplicate" title={t("duplicates.badgeTitle", { count })}>
      {t("duplicates.badge")}
    </Tag>
  );
}
