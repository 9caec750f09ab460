import { describe, expect, it } from "vitest";
import { customDashboardBodySchema, selectorBodySchema, teamBodySchema } from "@atalaya/shared";
import { parseForm, serverProblems } from "./form-rules";

describe("parseForm", () => {
  it("answers the trimmed body when every rule holds", () => {
    expect(parseForm(teamBodySchema, { name: " Norte ", members: [3], color: "#123456" })).toEqual({ body: { name: "Norte", members: [3], color: "#123456" } });
  });

  it("answers each field's first rule code, with antd name paths", () => {
    expect(parseForm(teamBodySchema, { name: "Patrulla Norte", members: [], color: "rojo" })).toEqual({
      problems: [
        { name: ["name"], code: "teamNameSpaces" },
        { name: ["members"], code: "teamMembersRequired" },
        { name: ["color"], code: "colorInvalid" },
      ],
    });
    expect(parseForm(selectorBodySchema, { name: "Lista", items: [{ name: "A" }, { name: "a" }] })).toEqual({ problems: [{ name: ["items", 1, "name"], code: "selectorItemDuplicate" }] });
    expect(parseForm(customDashboardBodySchema, { name: "", link: "www.example.cl" })).toEqual({
      problems: [
        { name: ["name"], code: "dashboardNameRequired" },
        { name: ["link"], code: "dashboardUrlInvalid" },
      ],
    });
  });
});

describe("serverProblems", () => {
  it("turns dotted fields into paths and keeps the server's text", () => {
    expect(serverProblems([{ field: "items.2.name", code: "selectorItemDuplicate", message: "Item names must be unique" }, { field: "name", code: "too_small" }])).toEqual([
      { name: ["items", 2, "name"], code: "selectorItemDuplicate", message: "Item names must be unique" },
      { name: ["name"], code: "too_small" },
    ]);
  });
});
