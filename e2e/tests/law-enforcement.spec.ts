import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { signIn } from "../pages/login-page.js";
import { linkFromMail } from "../pages/outbox.js";
import { expectAccessible } from "../support/axe.js";

// A minimal PDF: the server checks uploads by their content.
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

// The officer's browser asks for English (en-US): the visitor pages speak the browser's language when the
// portal has it (SPEC §1's English otherwise); the provider's portal Spanish.
test.use({ locale: "en-US" });

test("an officer asks for access with an institutional e-mail, follows the mailed link to the form and gets a reference; the provider sees it and changes its state", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `fiscal-${Date.now()}@fiscaliamp.cl`;
  await page.goto("/v3/law-enforcement/access");
  await expect(page.getByRole("heading", { level: 1, name: "Law enforcement information requests" })).toBeVisible();
  const submit = page.getByTestId("le-submit");
  await page.getByTestId("le-email").fill("detective@gmail.com");
  await expect(submit).toBeDisabled();
  await page.getByTestId("le-terms").check();
  await submit.click();
  await expect(page.getByTestId("le-error")).toHaveText("The e-mail must belong to a government or security entity");
  await page.getByTestId("le-email").fill(email);
  await submit.click();
  await expect(page.getByTestId("le-access-sent")).toContainText(email);

  const link = await linkFromMail(page.request, email, /\/v3\/law-enforcement\/form\?token=[A-Za-z0-9_-]{22}/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Request form" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByTestId("le-agency").fill("Fiscalía Regional Metropolitana Centro Norte");
  await page.getByTestId("le-officerName").fill("Carla Muñoz");
  await page.getByTestId("le-officerRank").fill("Fiscal adjunta");
  await page.getByTestId("le-caseNumber").fill("RUC 2600123456-7");
  await page.getByTestId("le-legalBasis").fill("Artículo 180 del Código Procesal Penal");
  await expect(page.getByTestId("le-form-submit")).toBeDisabled();
  await page.getByTestId("le-reportIds").fill("101, 102");
  // Files: a PDF is kept to go with the request; another type is refused at once, with an alert.
  const fileInput = page.locator("input[type=file]");
  await fileInput.setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("hola") });
  await expect(page.getByTestId("le-file-problem")).toHaveText("notas.txt: only PDF, JPEG or PNG are accepted.");
  await fileInput.setInputFiles({ name: "orden-judicial.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.locator(".ant-upload-list")).toContainText("orden-judicial.pdf");
  await expect(page.getByTestId("le-file-problem")).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "the law-enforcement form at 390 px");
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId("le-form-submit").click();
  const done = page.getByTestId("le-done");
  await expect(done).toContainText(/LE-\d{8}-[0-9A-Z]{6}/);
  const reference = /LE-\d{8}-[0-9A-Z]{6}/.exec((await done.textContent()) ?? "")![0];

  // The link was single use.
  await page.goto(link);
  await expect(page.getByTestId("le-link-invalid")).toBeVisible();

  await signIn(page, "proveedor@demo.cl");
  await page.getByTestId("nav-law-enforcement-requests").click();
  await expect(page).toHaveURL(/\/v3\/law-enforcement-requests$/);
  const row = page.locator(`[data-testid=le-row][data-reference="${reference}"]`);
  await expect(row).toContainText("Carla Muñoz");
  // The attached file is listed and downloads (as an attachment, with the sender's name).
  const file = row.getByTestId("le-file");
  await expect(file).toHaveText("orden-judicial.pdf");
  const [download] = await Promise.all([page.waitForEvent("download"), file.click()]);
  expect(download.suggestedFilename()).toBe("orden-judicial.pdf");
  await row.getByTestId("le-state").click();
  await page.locator(".ant-select-dropdown:visible").getByText("En revisión").click();
  await expect(page.getByText("Estado actualizado")).toBeVisible();
  await page.reload();
  await expect(page.locator(`[data-testid=le-row][data-reference="${reference}"]`).getByTestId("le-state")).toContainText("En revisión");
});
