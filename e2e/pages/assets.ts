import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "./login-page.js";

/** The demo admin's token and company, through the API. */
export async function adminApi(request: APIRequestContext): Promise<{ headers: Record<string, string>; companyId: number }> {
  const res = await request.post("/api/login", { data: { email: "admin@demo.cl", password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const headers = { "access-token": ((await res.json()) as { user: { access_token: string } }).user.access_token };
  const settings = (await (await request.get("/api/settings", { headers })).json()) as { company: { id: number } };
  return { headers, companyId: settings.company.id };
}

/** The public pages of the demo (issue 17): an enabled asset's /a/{uuid} and the linked safe tag's /t/{code}. */
export async function demoPublicPages(request: APIRequestContext): Promise<{ assetPage: string; tagPage: string }> {
  const { headers, companyId } = await adminApi(request);
  const assets = (await (await request.get(`/api/companies/${companyId}/assets?enabled=true`, { headers })).json()) as { assets: { uuid: string }[] };
  const batches = (await (await request.get(`/api/companies/${companyId}/safetag-batches`, { headers })).json()) as { batches: { id: number }[] };
  const oldest = batches.batches.at(-1)!;
  const codes = (await (await request.get(`/api/companies/${companyId}/safetag-batches/${oldest.id}?state=linked`, { headers })).json()) as { safetags: { code: string }[] };
  return { assetPage: `/a/${assets.assets.at(-1)!.uuid}`, tagPage: `/t/${codes.safetags[0]!.code}` };
}
