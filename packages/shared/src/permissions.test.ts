import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "./permissions.js";
import { COMPANY_ROLES } from "./roles.js";

describe("PERMISSIONS", () => {
  // The services that read one report (its detail, activity, followers) check no permission of their own:
  // a company scope, which only a member gets, is enough. A role that may not read reports would need
  // those checks back.
  it("lets every company role read a report", () => {
    expect([...PERMISSIONS["report.read"]].sort()).toEqual([...COMPANY_ROLES].sort());
  });
});
