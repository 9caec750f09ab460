import type { Page } from "@playwright/test";

/** The user view route of the demo's operador@demo.cl, asked through the signed-in page's session. */
export async function firstUserView(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const { token } = JSON.parse(localStorage.getItem("atalaya.session") ?? "{}") as { token?: string };
    const headers = { "access-token": token ?? "" };
    const settings = (await (await fetch("/api/settings", { headers })).json()) as { company: { id: number } };
    const list = (await (await fetch(`/api/companies/${settings.company.id}/users?q=operador%40demo.cl`, { headers })).json()) as { users: { id: number }[] };
    return `/v3/users/${list.users[0]!.id}`;
  });
}
