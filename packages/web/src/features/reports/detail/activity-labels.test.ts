import { describe, expect, it } from "vitest";
import { actionColor, describeActivity, normalizeAction, KNOWN_ACTIONS, type ActivityContext } from "./activity-labels";
import { loadWholeCatalogue } from "../../../app/catalogues";

const es = await loadWholeCatalogue("es");

const ctx: ActivityContext = {
  t: (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key),
  typeName: (id) => (id === 14 ? "Drogas" : `Tipo ${id}`),
  personName: (id) => (id === 7 ? "Ana Pérez" : null),
  teamName: (id) => (id === 3 ? "Turno noche" : null),
  tagName: (id) => (id === 5 ? "Urgente" : null),
  dateTime: (iso) => `[${iso}]`,
};

describe("activity labels", () => {
  it("understands the server's camelCase names and the snake_case ones", () => {
    expect(normalizeAction("madePrivate")).toBe("madePrivate");
    expect(normalizeAction("made_private")).toBe("madePrivate");
    expect(normalizeAction("address_changed")).toBe("addressChanged");
    expect(normalizeAction("notified_neighbours")).toBe("neighboursNotified");
    expect(normalizeAction("neighbours_notification_canceled")).toBe("neighboursNotificationCanceled");
    expect(normalizeAction("media_added")).toBe("mediaAdded");
    expect(normalizeAction("deleted_by_author")).toBe("deletedByAuthor");
    expect(normalizeAction("somethingNew")).toBeNull();
  });

  it("has a Spanish text for every known action", () => {
    for (const action of KNOWN_ACTIONS) expect(es.reportDetail.activity.actions).toHaveProperty(action);
  });

  it("describes updates field by field", () => {
    const label = describeActivity({ action: "updated", data: { priority: "high", status: "in_observation", type: 14, observations: "  Patrulla   en camino " } }, ctx);
    expect(label.title).toBe("reportDetail.activity.actions.updated");
    expect(label.details).toEqual([
      'reportDetail.activity.priority {"value":"reportDetail.priority.high"}',
      'reportDetail.activity.status {"value":"statuses.in_observation"}',
      'reportDetail.activity.type {"value":"Drogas"}',
      'reportDetail.activity.observations {"value":"«Patrulla en camino»"}',
    ]);
  });

  it("names the tags a report was given (an unknown one by its id), and their removal", () => {
    expect(describeActivity({ action: "updated", data: { tagIds: [5, 9] } }, ctx).details).toEqual(['reportDetail.activity.tags {"names":"Urgente, #9"}']);
    expect(describeActivity({ action: "updated", data: { tagIds: [] } }, ctx).details).toEqual(["reportDetail.activity.tagsCleared"]);
  });

  it("names who a report was assigned to, and unassignments", () => {
    const label = describeActivity({ action: "assigned", data: { userId: 7, teamId: 3, patrolId: null } }, ctx);
    expect(label.details).toEqual([
      'reportDetail.activity.assigned_user {"name":"Ana Pérez"}',
      'reportDetail.activity.assigned_team {"name":"Turno noche"}',
      'reportDetail.activity.assigned_patrol {"name":"reportDetail.activity.nobody"}',
    ]);
    expect(describeActivity({ action: "assigned", data: { userId: 99 } }, ctx).details).toEqual(['reportDetail.activity.assigned_user {"name":"#99"}']);
  });

  it("describes closings, including the repeated marker", () => {
    expect(describeActivity({ action: "closed", data: { kind: "repeated", repeatedOf: 12 } }, ctx).details).toEqual([
      'reportDetail.activity.closedRepeated {"id":12}',
    ]);
    expect(describeActivity({ action: "closed", data: { kind: "false", comment: "Duplicado" } }, ctx).details).toEqual([
      'reportDetail.activity.closedAs {"kind":"reportDetail.close.kinds.false"}',
      "«Duplicado»",
    ]);
  });

  it("keeps unknown actions readable and colours known ones", () => {
    expect(describeActivity({ action: "gathering_started", data: {} }, ctx)).toEqual({ action: null, title: "Gathering started", details: [] });
    expect(actionColor("closed")).toBe("#52c41a");
    expect(actionColor(null)).toBe("#b4b7c5");
  });

  it("tells likes, dislikes and withdrawn votes apart", () => {
    expect(describeActivity({ action: "liked", data: { value: 1, vote: 1 } }, ctx).title).toBe("reportDetail.activity.actions.liked");
    expect(describeActivity({ action: "liked", data: { value: -1, vote: -1 } }, ctx).title).toBe("reportDetail.activity.actions.disliked");
    expect(describeActivity({ action: "liked", data: { value: 1, vote: null } }, ctx).title).toBe("reportDetail.activity.actions.voteWithdrawn");
  });

  it("dates a form's save in the portal's date-time format, not the browser's", () => {
    const lines = describeActivity({ action: "formSubmitted", data: { title: "Checklist", version: 2, createdAt: "2026-11-29T03:54:00Z" } }, ctx).details;
    expect(lines).toContain('reportDetail.activity.formDated {"date":"[2026-11-29T03:54:00Z]"}');
  });
});
