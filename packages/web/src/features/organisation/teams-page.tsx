import { useMemo, useState, type HTMLAttributes, type ReactNode } from "react";
import { Form, Input, Select, Table, Tag, type TableColumnsType } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ORGANISATION_NAME_MAX, teamBodySchema, type Team } from "@atalaya/shared";
import { canManageAnswers } from "../answers";
import { useOperators } from "../directory";
import { useSettings } from "../settings";
import { ColorField, Swatch } from "./color-field";
import { fetchTeams, organisationKeys, saveTeam } from "./organisation-api";
import { OrganisationPage } from "./organisation-page";
import { RecordActions, useDeleteRecord } from "./record-actions";
import { RecordDrawer } from "./record-drawer";

interface TeamValues {
  name: string;
  members: number[];
  color: string;
}

const rowProps = (team: Team): HTMLAttributes<HTMLElement> => ({ "data-testid": "team-row", "data-name": team.name }) as HTMLAttributes<HTMLElement>;

/** `/v3/teams`: the organisation's teams (name, colour, members); company admins create, edit and
 * delete them in a drawer, others read. Reports keep a deleted team's name. */
export function TeamsPage(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const [editing, setEditing] = useState<Team | null | undefined>(undefined);
  const teams = useQuery({ queryKey: organisationKeys.all("teams", companyId), queryFn: ({ signal }) => fetchTeams(companyId, signal) });
  const { operators } = useOperators(companyId);
  const names = useMemo(() => new Map(operators.map((o) => [o.id, o.name])), [operators]);
  const confirmDelete = useDeleteRecord(companyId, "teams", { confirm: t("organisation.teams.deleteText"), error: t("organisation.teams.deleteError") });

  const columns: TableColumnsType<Team> = [
    {
      key: "name",
      title: t("organisation.common.name"),
      render: (_, team) => (
        <span className="org-name">
          <Swatch color={team.color} />
          {team.name}
        </span>
      ),
    },
    {
      key: "members",
      title: t("organisation.teams.members"),
      render: (_, team) => (
        <div className="org-chips" role="group" aria-label={t("organisation.teams.memberCount", { count: team.memberIds.length })}>
          {team.memberIds.map((id) => (
            <Tag key={id}>{names.get(id) ?? `#${id}`}</Tag>
          ))}
        </div>
      ),
    },
  ];
  if (canManage)
    columns.push({ key: "actions", width: 96, align: "right", render: (_, team) => <RecordActions name={team.name} onEdit={() => setEditing(team)} onDelete={() => confirmDelete(team)} /> });

  return (
    <OrganisationPage
      testId="teams"
      title={t("organisation.teams.title")}
      subtitle={t("organisation.teams.subtitle")}
      createLabel={t("organisation.teams.create")}
      onCreate={canManage ? () => setEditing(null) : undefined}
      readOnlyNote={t("organisation.common.readOnly")}
      query={teams}
      loadErrorText={t("organisation.common.loadError")}
      isEmpty={(teams.data ?? []).length === 0}
      emptyText={t("organisation.teams.empty")}
      drawer={canManage && <TeamDrawer companyId={companyId} editing={editing} options={operators.map((o) => ({ value: o.id, label: o.name }))} onClose={() => setEditing(undefined)} />}
    >
      <Table<Team> rowKey="id" size="middle" columns={columns} dataSource={teams.data} onRow={rowProps} pagination={false} />
    </OrganisationPage>
  );
}

function TeamDrawer({ companyId, editing, options, onClose }: { companyId: number; editing: Team | null | undefined; options: { value: number; label: string }[]; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeamValues>();
  return (
    <RecordDrawer
      key={editing?.id ?? "new"}
      companyId={companyId}
      resource="teams"
      open={editing !== undefined}
      title={editing ? t("organisation.teams.editTitle") : t("organisation.teams.createTitle")}
      form={form}
      initialValues={{ name: editing?.name ?? "", members: editing?.memberIds ?? [], color: editing?.color ?? "#1677ff" }}
      schema={teamBodySchema}
      save={(body) => saveTeam(companyId, editing?.id ?? null, body)}
      failureText={t("organisation.teams.saveError")}
      onClose={onClose}
      testId="team-drawer"
    >
      <Form.Item name="name" label={t("organisation.common.name")} extra={t("organisation.teams.nameHint")}>
        <Input placeholder={t("organisation.teams.namePlaceholder")} maxLength={ORGANISATION_NAME_MAX} data-testid="team-name" />
      </Form.Item>
      <Form.Item name="members" label={t("organisation.teams.members")}>
        <Select mode="multiple" options={options} optionFilterProp="label" placeholder={t("organisation.teams.membersPlaceholder")} data-testid="team-members" />
      </Form.Item>
      <ColorField testId="team-color" />
    </RecordDrawer>
  );
}
