// The Content-Security-Policy allows exactly what the portal loads: walking its screens (login,
// events panel, report detail with its map, create report with its map) and the API documentation
// produces no CSP violation.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

type Violation = { directive: string; blocked: string; source: string };

/** Records every CSP violation of the page (the event, and Chromium's console report). */
async function watchViolations(page: Page): Promise<{ violations: Violation[]; console: string[] }> {
  const seen = { violations: [] as Violation[], console: [] as string[] };
  await page.exposeFunction("__cspViolation", (v: Violation) => void seen.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.console.push(message.text());
  });
  return seen;
}

test("the portal's screens and the API docs load with no CSP violation", async ({ page, request }) => {
  const seen = await watchViolations(page);

  const response = await page.goto("/v3/login");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("upgrade-insecure-requests");
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();

  await signIn(page, "operador@demo.cl");
  // connect-src 'self' covers the same-origin WebSocket.
  await expect(page.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");

  const created = await request.post("/api/app/reports", {
    data: { type: 0, description: `Revisión de cabeceras ${Date.now()}`, latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };
  await page.goto(`/v3/events/${report.uuid}`);
  await expect(page.getByTestId("report-map")).toBeVisible();
  await expect(page.getByTestId("take-button")).toBeVisible();
  await page.waitForTimeout(1500); // the map's worker and tiles

  await page.goto("/v3/events/new");
  await expect(page.getByTestId("location-map").or(page.getByTestId("map-unavailable"))).toBeVisible();
  await page.waitForTimeout(1500);

  await page.goto("/api/docs");
  // Swagger UI renders the whole OpenAPI document in the page: on a busy machine that alone took >10 s,
  // and once (CI with two browsers, lint and the PostgreSQL run at once) more than 30 s.
  await expect(page.locator(".swagger-ui .info .title")).toContainText("Atalaya API", { timeout: 60_000 });
  await expect(page.locator(".opblock").first()).toBeVisible();

  expect(seen.violations).toEqual([]);
  expect(seen.console).toEqual([]);
});
