import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "./login-page.js";

/** The provider administrator's access token (the demo's proveedor@demo.cl), through the API. */
export async function providerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/login", { data: { email: "proveedor@demo.cl", password: DEMO_PASSWORD } });
  return ((await res.json()) as { user: { access_token: string } }).user.access_token;
}

/** The newest stored mail to an address (no SMTP server in the browser tests: the outbox table), read
 * as the provider's outbox screen does; the first match of `pattern` in its text. */
export async function linkFromMail(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  const token = await providerToken(request);
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/api/admin/mail?to=${encodeURIComponent(to)}`, { headers: { "access-token": token } });
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    const match = messages.map((m) => pattern.exec(m.text)).find(Boolean);
    if (match) return match[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}
