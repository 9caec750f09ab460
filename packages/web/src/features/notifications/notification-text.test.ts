import { describe, expect, it } from "vitest";
import type { Notification } from "@atalaya/shared";
import { notificationText, reportLabel } from "./notification-text";

const base: Notification = {
  id: 1,
  kind: "assigned",
  companyId: 1,
  reportId: 42,
  reportUuid: "u",
  actor: { id: 2, name: "Luis Soto" },
  data: { reportTitle: null, reportType: 0 },
  read: false,
  createdAt: "2026-11-25T10:00:00Z",
};
const typeName = (id: number) => (id === 0 ? "Robo" : `#${id}`);
const statusName = (s: string) => ({ in_progress: "En curso" })[s] ?? s;

describe("notificationText", () => {
  it("names the report by title, else by type and number", () => {
    expect(reportLabel({ ...base, data: { reportTitle: "Portón abierto", reportType: 0 } }, typeName)).toBe("Portón abierto");
    expect(reportLabel(base, typeName)).toBe("Robo #42");
    expect(reportLabel({ ...base, reportId: null, data: {} }, typeName)).toBe("");
  });

  it("says who sent a collaborator message and its subject, and which fields of a followed report changed (issue 15)", () => {
    const message = { ...base, kind: "collaboratorMessage" as const, reportId: null, reportUuid: null, data: { messageId: 7, title: "Cambio de turno" } };
    expect(notificationText(message, typeName, statusName)).toEqual({
      key: "notifications.kinds.collaboratorMessage",
      values: { actor: "Luis Soto", report: "", title: "Cambio de turno" },
    });
    const update = { ...base, kind: "followedUpdate" as const, data: { ...base.data, changes: ["priority", "tags"] } };
    const fields = (f: string) => ({ priority: "prioridad", tags: "etiquetas" })[f] ?? f;
    expect(notificationText(update, typeName, statusName, fields).values.changes).toBe("prioridad, etiquetas");
  });

  it("gives each kind its sentence and values", () => {
    expect(notificationText(base, typeName, statusName)).toEqual({ key: "notifications.kinds.assigned", values: { actor: "Luis Soto", report: "Robo #42" } });
    expect(notificationText({ ...base, kind: "teamAssigned", data: { ...base.data, teamName: "Norte" } }, typeName, statusName).values.team).toBe("Norte");
    expect(notificationText({ ...base, kind: "followedStatus", data: { ...base.data, status: "in_progress" } }, typeName, statusName).values.status).toBe("En curso");
    expect(notificationText({ ...base, kind: "followedComment", actor: null }, typeName, statusName).key).toBe("notifications.kinds.followedCommentCommunity");
    expect(notificationText({ ...base, kind: "upgradeAnswered", reportId: null, data: { accepted: false } }, typeName, statusName).key).toBe("notifications.kinds.upgradeRejected");
    expect(notificationText({ ...base, kind: "upgradeAnswered", reportId: null, data: { accepted: true } }, typeName, statusName).key).toBe("notifications.kinds.upgradeAnswered");
    // A gathering's answers: the form's title when it was a form, and no actor (the reporter is no member).
    const answered = { ...base, kind: "gatheringAnswered" as const, actor: null };
    expect(notificationText({ ...answered, data: { ...base.data, title: null } }, typeName, statusName)).toEqual({ key: "notifications.kinds.gatheringAnswered", values: { actor: "", report: "Robo #42" } });
    expect(notificationText({ ...answered, data: { ...base.data, title: "Testigo" } }, typeName, statusName)).toEqual({
      key: "notifications.kinds.gatheringAnsweredForm",
      values: { actor: "", report: "Robo #42", title: "Testigo" },
    });
    expect(notificationText({ ...base, kind: "reviewWaiting", actor: null }, typeName, statusName)).toEqual({ key: "notifications.kinds.reviewWaiting", values: { actor: "", report: "Robo #42" } });
  });
});
