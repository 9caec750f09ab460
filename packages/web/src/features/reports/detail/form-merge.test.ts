import { describe, expect, it } from "vitest";
import { DRUGS_TYPE_ID } from "@atalaya/shared";
import {
  afterSave,
  buildUpdate,
  currentValues,
  dirtyFields,
  discardEdit,
  editField,
  initialFormState,
  mergeServerReport,
  needsDrugsConfirmation,
} from "./form-merge";
import { buildReport } from "./report-fixture";

describe("report form state", () => {
  it("tracks only what the operator changed; typing the server value back makes the field clean", () => {
    let state = initialFormState(buildReport({ observations: "Patrulla en camino" }));
    expect(dirtyFields(state)).toEqual([]);
    state = editField(state, "observations", "Patrulla en camino, llega en 5");
    state = editField(state, "priority", "high");
    expect(dirtyFields(state)).toEqual(["priority", "observations"]);
    state = editField(state, "priority", "normal");
    expect(dirtyFields(state)).toEqual(["observations"]);
    expect(currentValues(state).observations).toBe("Patrulla en camino, llega en 5");
  });

  it("a live update refreshes the fields nobody is editing and keeps the operator's unsaved text", () => {
    let state = initialFormState(buildReport({ version: 3 }));
    state = editField(state, "observations", "Texto que estoy escribiendo");
    const result = mergeServerReport(state, buildReport({ version: 4, priority: "highest", status: "in_observation" }));
    expect(result.changed).toEqual(["priority", "status"]);
    expect(result.conflicts).toEqual([]);
    const values = currentValues(result.state);
    expect(values.priority).toBe("highest");
    expect(values.status).toBe("in_observation");
    expect(values.observations).toBe("Texto que estoy escribiendo");
    expect(result.state.version).toBe(4);
    expect(dirtyFields(result.state)).toEqual(["observations"]);
  });

  it("reports a conflict when a colleague changed a field the operator is editing, without overwriting it", () => {
    let state = initialFormState(buildReport({ observations: "A" }));
    state = editField(state, "observations", "Mi versión");
    const result = mergeServerReport(state, buildReport({ version: 4, observations: "Versión del colega" }));
    expect(result.conflicts).toEqual(["observations"]);
    expect(currentValues(result.state).observations).toBe("Mi versión");
    expect(result.state.base.observations).toBe("Versión del colega");
    // Taking the colleague's value drops the edit.
    expect(currentValues(discardEdit(result.state, "observations")).observations).toBe("Versión del colega");
  });

  it("an edit equal to the colleague's new value becomes clean, and older versions are ignored", () => {
    let state = initialFormState(buildReport({ version: 5 }));
    state = editField(state, "priority", "high");
    const same = mergeServerReport(state, buildReport({ version: 6, priority: "high" }));
    expect(dirtyFields(same.state)).toEqual([]);
    expect(same.conflicts).toEqual([]);
    // The echo of the operator's own save is not news.
    expect(same.echoed).toEqual(["priority"]);
    const stale = mergeServerReport(state, buildReport({ version: 4, priority: "lowest" }));
    expect(stale.state).toBe(state);
    expect(stale.changed).toEqual([]);
  });

  it("compares tags as sets", () => {
    const tag = (id: number) => ({ id, uuid: `t-${id}`, name: `Tag ${id}`, color: "#000" });
    let state = initialFormState(buildReport({ tags: [tag(2), tag(1)] }));
    state = editField(state, "tagIds", [1, 2]);
    expect(dirtyFields(state)).toEqual([]);
    state = editField(state, "tagIds", [1]);
    expect(buildUpdate(state)).toEqual({ version: 3, tagIds: [1] });
  });

  it("builds a PUT body with the dirty fields and the loaded version", () => {
    let state = initialFormState(buildReport({ version: 9 }));
    expect(buildUpdate(state)).toBeNull();
    state = editField(state, "observations", "  ");
    state = editField(state, "status", "in_observation");
    expect(buildUpdate(state)).toEqual({ version: 9, status: "in_observation", observations: null });
  });

  it("asks for the drugs confirmation only when changing to drugs, and sends confirmDrugs", () => {
    let state = initialFormState(buildReport({ type: 0 }));
    state = editField(state, "type", DRUGS_TYPE_ID);
    expect(needsDrugsConfirmation(state)).toBe(true);
    expect(buildUpdate(state, { confirmDrugs: true })).toEqual({ version: 3, type: DRUGS_TYPE_ID, confirmDrugs: true });
    expect(needsDrugsConfirmation(initialFormState(buildReport({ type: DRUGS_TYPE_ID })))).toBe(false);
  });

  it("after saving keeps only what was typed while the request was in flight", () => {
    let state = initialFormState(buildReport({ version: 3 }));
    state = editField(state, "observations", "Enviado");
    state = editField(state, "priority", "high");
    const sent = { observations: "Enviado", priority: "high" as const };
    state = editField(state, "observations", "Enviado y algo más");
    const saved = afterSave(state, sent, buildReport({ version: 4, observations: "Enviado", priority: "high" }));
    expect(saved.version).toBe(4);
    expect(dirtyFields(saved)).toEqual(["observations"]);
    expect(currentValues(saved).observations).toBe("Enviado y algo más");
  });
});
