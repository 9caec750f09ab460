import { expect, test } from "../support/test.js";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";

test("a company admin locks a reported community user from the reported users screen", async ({ page, request }) => {
  // An operator complains about a community user's report through the API.
  const login = await request.post("/api/login", { data: { email: "operador@demo.cl", password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const headers = { "access-token": token };
  const settings = (await (await request.get("/api/settings", { headers })).json()) as { company: { id: number } };
  const list = (await (await request.get(`/api/companies/${settings.company.id}/reports?status=pending`, { headers })).json()) as {
    reports: { id: number; isAnonymous: boolean }[];
  };
  let userId: number | undefined;
  // An anonymous report's author is not shown on the screen.
  for (const report of list.reports.filter((r) => !r.isAnonymous)) {
    const res = await request.post("/api/reports/issue", { headers, data: { reportId: report.id, reason: "spam", body: "Reporte falso" } });
    if (res.ok()) {
      userId = ((await res.json()) as { complaint: { userId: number } }).complaint.userId;
      break;
    }
  }
  expect(userId).toBeDefined();

  await signIn(page, "admin@demo.cl");
  await page.getByTestId("nav-reported-users").click();
  await expect(page).toHaveURL(/\/v3\/reported-users$/);
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios reportados" })).toBeVisible();
  const row = page.locator(`[data-testid="reported-user-row"][data-user-id="${userId}"]`);
  await expect(row).toBeVisible();

  // Impact counters in a drawer.
  await row.getByTestId("reported-user-impact").click();
  await expect(page.getByTestId("impact-counters")).toBeVisible();
  await page.getByRole("button", { name: "Close" }).or(page.getByRole("button", { name: "Cerrar" })).first().click();

  await row.getByTestId("reported-user-lock").click();
  await expect(page.getByText("No podrá usar la aplicación y su sesión se cerrará de inmediato.")).toBeVisible();
  await page.getByTestId("reported-user-confirm").click();
  await expect(row.getByTestId("reported-user-locked")).toBeVisible();
  await page.screenshot({ path: "test-results/reported-users-locked.png" });

  // Unlock again so the demo user stays usable for other tests.
  await row.getByTestId("reported-user-unlock").click();
  await page.getByTestId("reported-user-confirm").click();
  await expect(row.getByTestId("reported-user-locked")).toHaveCount(0);
});
