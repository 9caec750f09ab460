import { zonesRouteTable } from "@atalaya/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { configureApi } from "./api";
import { call, pathOf, queryKeyOf, urlOf } from "./call";

const zones = zonesRouteTable;
let sent: { url: string; init: RequestInit }[] = [];
let answer: unknown = { success: true, zones: [] };

beforeEach(() => {
  sent = [];
  configureApi({
    fetch: async (url, init) => {
      sent.push({ url, init });
      return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
    },
    getToken: () => "tok",
    getLanguage: () => "es",
    onUnauthorized: () => undefined,
    translateError: (code) => code,
  });
});

describe("call", () => {
  it("fills the entry's path, sends its method and body, and parses its answer", async () => {
    answer = { success: true };
    await call(zones.deleteCompaniesByCompanyIdZonesById, { params: { companyId: 7, id: 12 } });
    expect(sent[0]!.url).toBe("/api/companies/7/zones/12");
    expect(sent[0]!.init.method).toBe("DELETE");
    answer = { success: true, zones: [] };
    await expect(call(zones.getCompaniesByCompanyIdZones, { params: { companyId: 7 } })).resolves.toEqual({ success: true, zones: [] });
  });

  it("refuses an answer its entry does not describe", async () => {
    answer = { success: true, zones: "none" };
    await expect(call(zones.getCompaniesByCompanyIdZones, { params: { companyId: 7 } })).rejects.toMatchObject({ code: "generalError" });
  });

  it("sends the JSON body", async () => {
    answer = { success: true };
    await call(zones.postCompaniesByCompanyIdZonesGlobal, { params: { companyId: 3 } }).catch(() => undefined);
    expect(sent[0]!.url).toBe("/api/companies/3/zones/global");
    expect(sent[0]!.init.method).toBe("POST");
  });
});

describe("paths and keys", () => {
  it("encodes params and refuses a missing one", () => {
    expect(pathOf({ ...zones.putCompaniesByCompanyIdZonesById }, { companyId: 1, id: "a/b" })).toBe("/api/companies/1/zones/a%2Fb");
    expect(() => pathOf(zones.putCompaniesByCompanyIdZonesById, { companyId: 1 })).toThrow(/no id/);
  });

  it("makes a browser address with its query", () => {
    expect(urlOf(zones.getCompaniesByCompanyIdZones, { params: { companyId: 4 } })).toBe("/api/companies/4/zones");
  });

  it("keys a read by its operationId, then params", () => {
    expect(queryKeyOf(zones.getCompaniesByCompanyIdZones, { params: { companyId: 4 } })).toEqual(["getCompaniesByCompanyIdZones", { companyId: 4 }]);
  });
});
