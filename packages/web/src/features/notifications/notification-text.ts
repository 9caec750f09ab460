import type { Notification } from "@atalaya/shared";

/** What the sentence of a notification is made of: a catalogue key and its values. */
export interface NotificationText {
  key: `notifications.kinds.${Notification["kind"]}` | "notifications.kinds.followedCommentCommunity" | "notifications.kinds.upgradeRejected" | "notifications.kinds.gatheringAnsweredForm";
  values: Record<string, string>;
}

/** The report as a notification names it: its title, else its type's name and number. */
export function reportLabel(n: Notification, typeName: (typeId: number) => string): string {
  const title = n.data.reportTitle?.trim();
  if (title) return title;
  const type = n.data.reportType;
  const name = type === null || type === undefined ? "" : typeName(type);
  return n.reportId === null ? name : `${name} #${n.reportId}`.trim();
}

/** The sentence of a notification (which key, with which values); the caller translates it. */
export function notificationText(
  n: Notification,
  typeName: (typeId: number) => string,
  statusName: (status: string) => string,
  fieldName: (field: string) => string = (field) => field,
): NotificationText {
  const values: Record<string, string> = { actor: n.actor?.name ?? "", report: reportLabel(n, typeName) };
  switch (n.kind) {
    case "collaboratorMessage":
      return { key: "notifications.kinds.collaboratorMessage", values: { ...values, title: n.data.title ?? "" } };
    case "followedUpdate":
      return { key: "notifications.kinds.followedUpdate", values: { ...values, changes: (n.data.changes ?? []).map(fieldName).join(", ") } };
    case "teamAssigned":
      return { key: "notifications.kinds.teamAssigned", values: { ...values, team: n.data.teamName ?? "" } };
    case "followedStatus":
      return { key: "notifications.kinds.followedStatus", values: { ...values, status: statusName(n.data.status ?? "") } };
    case "followedComment":
      // A community user's comment: their name is not an operator's and may be hidden.
      return n.actor ? { key: "notifications.kinds.followedComment", values } : { key: "notifications.kinds.followedCommentCommunity", values };
    case "upgradeAnswered":
      return { key: n.data.accepted === false ? "notifications.kinds.upgradeRejected" : "notifications.kinds.upgradeAnswered", values };
    case "gatheringAnswered":
      // A form's answers name the form; free questions have no title.
      return n.data.title ? { key: "notifications.kinds.gatheringAnsweredForm", values: { ...values, title: n.data.title } } : { key: "notifications.kinds.gatheringAnswered", values };
    case "messageApproved":
    case "messageRejected":
      return { key: `notifications.kinds.${n.kind}`, values: { ...values, title: n.data.messageTitle ?? "", reason: n.data.reason ?? "" } };
    default:
      return { key: `notifications.kinds.${n.kind}`, values };
  }
}
