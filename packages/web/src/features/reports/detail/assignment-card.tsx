import { useId, type ReactNode } from "react";
import { Card, Form, Select, Typography } from "antd";
import { useToast } from "../../../lib/use-toast";
import { CarOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Report } from "@atalaya/shared";
import { actionErrorMessage } from "./action-errors";
import { assignReport, type AssignBody } from "./detail-api";
import { PatrolStatus, PersonAvatar } from "./detail-ui";
import { useOperators, useTeams } from "../../directory";
import { useClearable } from "../../../components/use-clearable";

interface AssignmentCardProps {
  report: Report;
  companyId: number;
  myUserId: number;
  onReport(report: Report): void;
}

/** Assign the report to a colleague, a team or a patrol (one patrol at a time; clearing unassigns). */
export function AssignmentCard({ report, companyId, myUserId, onReport }: AssignmentCardProps): ReactNode {
  // Ties each label to its select, so the select has the label as its accessible name.
  const ids = useId();
  const { t } = useTranslation();
  const clearable = useClearable();
  const message = useToast();
  const { operators, loading } = useOperators(companyId);
  const teams = useTeams(companyId);

  const assign = useMutation({
    mutationFn: (body: AssignBody) => assignReport(companyId, report.id, body),
    onSuccess: (updated) => {
      onReport(updated);
      void message.success(t("reportDetail.success.assigned"));
    },
    onError: (error) => void message.error(actionErrorMessage(error, "assign", t)),
  });

  const disabled = !report.can.assign || assign.isPending;
  const colleagues = operators.filter((operator) => operator.role !== "Patrol");
  const patrols = operators.filter((operator) => operator.role === "Patrol");

  const colleagueOptions = colleagues.map((operator) => ({
    value: operator.id,
    title: operator.name,
    label: (
      <span className="rd-person-option">
        <PersonAvatar name={operator.name} size={20} />
        <span className="rd-person-option__name">
          {operator.name} {operator.id === myUserId && <span className="rd-muted">{t("reportDetail.assign.me")}</span>}
        </span>
        {operator.online && <span className="rd-online-dot" aria-hidden="true" />}
      </span>
    ),
  }));
  if (report.assignedUser && !colleagues.some((operator) => operator.id === report.assignedUser?.id))
    colleagueOptions.push({ value: report.assignedUser.id, title: report.assignedUser.name, label: <span>{report.assignedUser.name}</span> });

  const patrolOptions = patrols.map((patrol) => ({
    value: patrol.id,
    title: patrol.name,
    label: (
      <span className="rd-person-option">
        <span className="rd-person-option__name">{patrol.name}</span>
        <PatrolStatus status={patrol.patrolStatus} />
      </span>
    ),
  }));
  if (report.assignedPatrol && !patrols.some((patrol) => patrol.id === report.assignedPatrol?.id))
    patrolOptions.push({
      value: report.assignedPatrol.id,
      title: report.assignedPatrol.name,
      label: (
        <span className="rd-person-option">
          <span className="rd-person-option__name">{report.assignedPatrol.name}</span>
          <PatrolStatus status={report.assignedPatrol.patrolStatus} />
        </span>
      ),
    });

  const teamOptions = (teams ?? []).map((team) => ({
    value: team.id,
    title: team.name,
    label: (
      <span className="rd-dot-label">
        <span className="rd-dot" style={{ background: team.color ?? "#8c8fa3" }} aria-hidden="true" />
        {team.name}
      </span>
    ),
  }));
  if (report.assignedTeam && !teamOptions.some((option) => option.value === report.assignedTeam?.id))
    teamOptions.push({
      value: report.assignedTeam.id,
      title: report.assignedTeam.name,
      label: (
        <span className="rd-dot-label">
          <span className="rd-dot" style={{ background: report.assignedTeam.color }} aria-hidden="true" />
          {report.assignedTeam.name}
        </span>
      ),
    });

  return (
    <Card size="small" className="rd-card" title={t("reportDetail.assign.title")} data-testid="report-assignment">
      {!report.can.assign && report.can.take && (
        <Typography.Paragraph type="secondary" className="rd-assign__hint">
          {t("reportDetail.assign.locked")}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" disabled={disabled} className="rd-assign">
        <Form.Item
          htmlFor={`${ids}-colleague`}
          label={<span className="rd-field-label"><UserOutlined /> {t("reportDetail.assign.colleague")}</span>}>
          <Select<number>
            allowClear={clearable}
            value={report.assignedUser?.id}
            onChange={(value) => assign.mutate({ userId: value ?? null })}
            options={colleagueOptions}
            loading={loading}
            placeholder={t("reportDetail.assign.colleaguePlaceholder")}
            showSearch={{ optionFilterProp: "title" }}
            id={`${ids}-colleague`}
            data-testid="assign-user"
          />
        </Form.Item>
        <Form.Item
          htmlFor={`${ids}-team`}
          label={<span className="rd-field-label"><TeamOutlined /> {t("reportDetail.assign.team")}</span>}>
          <Select<number>
            allowClear={clearable}
            value={report.assignedTeam?.id}
            onChange={(value) => assign.mutate({ teamId: value ?? null })}
            options={teamOptions}
            placeholder={t("reportDetail.assign.teamPlaceholder")}
            notFoundContent={t("reportDetail.assign.noTeams")}
            showSearch={{ optionFilterProp: "title" }}
            id={`${ids}-team`}
            data-testid="assign-team"
          />
        </Form.Item>
        <Form.Item
          htmlFor={`${ids}-patrol`}
          label={<span className="rd-field-label"><CarOutlined /> {t("reportDetail.assign.patrol")}</span>}
          extra={t("reportDetail.assign.onePatrol")}
        >
          <Select<number>
            allowClear={clearable}
            value={report.assignedPatrol?.id}
            onChange={(value) => assign.mutate({ patrolId: value ?? null })}
            options={patrolOptions}
            loading={loading}
            placeholder={t("reportDetail.assign.patrolPlaceholder")}
            notFoundContent={t("reportDetail.assign.noPatrols")}
            showSearch={{ optionFilterProp: "title" }}
            id={`${ids}-patrol`}
            data-testid="assign-patrol"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
