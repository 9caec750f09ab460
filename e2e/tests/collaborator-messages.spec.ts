import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

// Messages to collaborators (issue 15): an administrator writes to an operator, whose open portal in
// another browser gets it live (menu badge, list), reads it, and the sender sees the read receipt.
test("a message from the administrator arrives live in the operator's browser and its read receipt shows", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  try {
    await signIn(page, "admin@demo.cl");
    await signIn(operator, "operador@demo.cl", "/v3/collaborators/messages");
    await expect(operator.getByRole("heading", { level: 1, name: "Mensajes a colaboradores" })).toBeVisible();
    await expect(operator.getByText("En línea").first()).toBeVisible();

    await page.goto("/v3/collaborators/messages");
    await page.getByTestId("collaborator-compose-open").click();
    const drawer = page.getByTestId("collaborator-compose");
    await expect(drawer).toBeVisible();
    const title = `Cambio de turno ${Date.now()}`;
    await drawer.getByTestId("collaborator-title").fill(title);
    await drawer.getByTestId("collaborator-body").fill("Mañana el turno de noche empieza a las 21:00.\nGracias.");
    // Without anyone chosen the form says so in Spanish and sends nothing.
    await drawer.getByTestId("collaborator-send").click();
    await expect(drawer.getByText("Elige al menos un destinatario: personas, equipos o todos")).toBeVisible();
    await drawer.getByTestId("collaborator-users").click();
    // Ant Design's list draws its options apart from the listbox it gives assistive technology.
    await page.locator(".ant-select-item-option[title='Joaquín Muñoz']").click();
    await page.keyboard.press("Escape");
    await drawer.getByTestId("collaborator-send").click();
    await expect(page.getByText("Mensaje enviado a 1 persona")).toBeVisible();

    // The sender's view opens on the sent message: nobody has read it yet.
    const view = page.getByTestId("collaborator-view");
    await expect(view.getByTestId("collaborator-receipt")).toHaveAttribute("data-read", "false");
    await expect(view.getByText("Leído por 0 de 1")).toBeVisible();

    // The operator's page got it live, with the menu's unread badge.
    const row = operator.getByTestId("collaborator-row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute("data-read", "false");
    await expect(operator.getByTestId("collaborator-unread-badge")).toBeVisible();
    await row.getByRole("button").click();
    await expect(operator.getByTestId("collaborator-view-body")).toContainText("Mañana el turno de noche empieza a las 21:00.");
    await expect(operator.getByText("De Camila Rojas").first()).toBeVisible();
    await expect(row).toHaveAttribute("data-read", "true");

    // The administrator's open message shows the receipt as it happens.
    await expect(view.getByTestId("collaborator-receipt")).toHaveAttribute("data-read", "true");
    await expect(view.getByText("Leído por 1 de 1")).toBeVisible();
  } finally {
    await operatorContext.close();
  }
});
