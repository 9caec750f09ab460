import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn } from "../pages/login-page.js";

async function operator(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");
  return page;
}

test.describe("two operators work the same reports live", () => {
  test("a community report appears in both panels with the alarm cue; A's take shows on B and B's take is refused", async ({ browser, request }) => {
    const a = await operator(browser, "operador@demo.cl");
    const b = await operator(browser, "operadora@demo.cl");

    const description = `Portonazo en curso frente al edificio ${Date.now()}`;
    const created = await request.post("/api/app/reports", {
      data: { type: 1, description, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
    });
    expect(created.ok()).toBe(true);
    const { report } = (await created.json()) as { report: { uuid: string } };

    for (const page of [a, b]) {
      await expect(page.getByText(description).first()).toBeVisible();
      await expect(page.getByTestId("new-report-alert")).toBeVisible();
      await expect(page).toHaveTitle(/^\(\d+\)/);
    }

    // Both open the detail; A takes it first.
    await a.goto(`/v3/events/${report.uuid}`);
    await b.goto(`/v3/events/${report.uuid}`);
    await expect(b.getByTestId("take-button")).toBeEnabled();
    await a.getByTestId("take-button").click();
    await expect(a.getByTestId("report-status")).toContainText(/en curso|en progreso/i);

    // B sees A's take live, without reloading.
    await expect(b.getByTestId("report-assignee")).toContainText("Joaquín Muñoz");
    await expect(b.getByTestId("report-status")).toContainText(/en curso|en progreso/i);
    await b.screenshot({ path: "test-results/taken-by-colleague.png", fullPage: true });

    // B's late take (e.g. a click racing the update) is refused by the server with who took it.
    const token = await b.evaluate(() => JSON.parse(localStorage.getItem("atalaya.session") ?? "{}").token as string);
    const settings = await (await b.request.get("/api/settings", { headers: { "access-token": token } })).json();
    const detail = await (await b.request.get(`/api/companies/${settings.company.id}/reports/by-uuid/${report.uuid}`, { headers: { "access-token": token } })).json();
    const late = await b.request.post(`/api/companies/${settings.company.id}/reports/${detail.report.id}/take`, { headers: { "access-token": token } });
    expect(late.status()).toBe(409);
    expect((await late.json()).error.code).toBe("alreadyTaken");
  });
});
