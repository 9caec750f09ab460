import type { ReactNode } from "react";
import { Form, Input, Select, Switch } from "antd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { COLLABORATOR_BODY_MAX, COLLABORATOR_TITLE_MAX, type CollaboratorMessage, type CollaboratorMessageBody } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { FormDrawer } from "../../components/form-drawer";
import { fetchOperators, fetchTeams } from "../directory";
import { collaboratorKeys, sendCollaboratorMessage } from "./collaborator-messages-api";
import { useClearable } from "../../components/use-clearable";

interface ComposeValues {
  title: string;
  body: string;
  everyone: boolean;
  userIds: number[];
  teamIds: number[];
}
const FIELDS = ["title", "body", "userIds", "teamIds"] as const;

/** The drawer to write a message: subject, text, and whom — everyone, or chosen people and teams of the
 * organisation (the API's field problems land on their fields, in the caller's language). */
export function ComposeDrawer({
  companyId,
  selfId,
  open,
  onClose,
  onSent,
}: {
  companyId: number;
  selfId: number;
  open: boolean;
  onClose(): void;
  onSent(message: CollaboratorMessage): void;
}): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ComposeValues>();
  const everyone = Form.useWatch("everyone", form) ?? false;
  const people = useQuery({ queryKey: ["collaborator-pickers", companyId, "people"], queryFn: ({ signal }) => fetchOperators(companyId, signal), enabled: open });
  const teams = useQuery({ queryKey: ["collaborator-pickers", companyId, "teams"], queryFn: ({ signal }) => fetchTeams(companyId, signal), enabled: open });

  const send = useMutation({
    mutationFn: (body: CollaboratorMessageBody) => sendCollaboratorMessage(companyId, body),
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: collaboratorKeys.all(companyId) });
      void toast.success(t("collaboratorMessages.form.sent", { count: message.recipientCount }));
      form.resetFields();
      onSent(message);
    },
    onError: (error: unknown) => {
      const fields = isApiError(error) ? error.fields.filter((f) => (FIELDS as readonly string[]).includes(f.field)) : [];
      if (fields.length > 0) {
        form.setFields(fields.map((f) => ({ name: f.field as (typeof FIELDS)[number], errors: [f.message ?? f.code] })));
        return;
      }
      void toast.error(isApiError(error) ? error.message : t("errors.generalError"));
    },
  });

  const submit = (values: ComposeValues): void => {
    send.mutate({
      title: values.title,
      body: values.body,
      everyone: values.everyone,
      userIds: values.everyone ? [] : (values.userIds ?? []),
      teamIds: values.everyone ? [] : (values.teamIds ?? []),
    });
  };

  return (
    <FormDrawer<ComposeValues>
      open={open}
      onClose={onClose}
      size={480}
      title={t("collaboratorMessages.form.title")}
      testId="collaborator-compose"
      saveTestId="collaborator-send"
      saveLabel={t("collaboratorMessages.form.send")}
      pending={send.isPending}
      form={form}
      initialValues={{ title: "", body: "", everyone: false, userIds: [], teamIds: [] }}
      onFinish={submit}
      // Enter in the subject must not send the message.
      submitOnEnter={false}
    >
      <Form.Item name="title" label={t("collaboratorMessages.form.subject")} rules={[{ required: true, whitespace: true, message: t("collaboratorMessages.form.required") }]}>
        <Input placeholder={t("collaboratorMessages.form.subjectPlaceholder")} maxLength={COLLABORATOR_TITLE_MAX} showCount data-testid="collaborator-title" />
      </Form.Item>
      <Form.Item name="body" label={t("collaboratorMessages.form.body")} rules={[{ required: true, whitespace: true, message: t("collaboratorMessages.form.required") }]}>
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={COLLABORATOR_BODY_MAX} showCount data-testid="collaborator-body" />
      </Form.Item>
      <div className="collab-compose__everyone">
        <Form.Item name="everyone" valuePropName="checked" noStyle>
          <Switch id="collaborator-everyone" data-testid="collaborator-everyone" />
        </Form.Item>
        <label htmlFor="collaborator-everyone">{t("collaboratorMessages.form.everyone")}</label>
      </div>
      {!everyone && (
        <>
          <Form.Item name="userIds" label={t("collaboratorMessages.form.users")}>
            <Select
              mode="multiple"
              allowClear={clearable}
              showSearch={{ optionFilterProp: "label" }}
              loading={people.isPending}
              placeholder={t("collaboratorMessages.form.usersPlaceholder")}
              options={(people.data ?? []).filter((p) => p.id !== selfId).map((p) => ({ value: p.id, label: p.name || `#${p.id}` }))}
              data-testid="collaborator-users"
            />
          </Form.Item>
          <Form.Item name="teamIds" label={t("collaboratorMessages.form.teams")}>
            <Select
              mode="multiple"
              allowClear={clearable}
              showSearch={{ optionFilterProp: "label" }}
              loading={teams.isPending}
              placeholder={t("collaboratorMessages.form.teamsPlaceholder")}
              options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
              data-testid="collaborator-teams"
            />
          </Form.Item>
        </>
      )}
    </FormDrawer>
  );
}
