import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "./login-page.js";

// Issue 16: a report type of the demo organisation that follows a workflow form, set up through the
// API (the browser tests drive the report detail's form tab, not the set-up).

/** "Actividad sospechosa": no other browser test sends reports of it. */
export const WORKFLOW_TYPE = 11;
export const WORKFLOW_TITLE = "Verificación en terreno e2e";

export interface Session {
  token: string;
  userId: number;
  companyId: number;
}

/** Signs a demo user in through the API. */
export async function apiSession(request: APIRequestContext, email: string): Promise<Session> {
  const login = await request.post("/api/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const settings = (await (await request.get("/api/settings", { headers: { "access-token": token } })).json()) as { company: { id: number }; user: { id: number } };
  return { token, userId: settings.user.id, companyId: settings.company.id };
}

/** The workflow form of WORKFLOW_TYPE (created once per database): a code written back onto the
 * report, a choice written into its additional information, and a closing section. */
export async function ensureWorkflow(request: APIRequestContext, admin: Session): Promise<number> {
  const headers = { "access-token": admin.token };
  const base = `/api/companies/${admin.companyId}`;
  const list = (await (await request.get(`${base}/form-templates?q=${encodeURIComponent(WORKFLOW_TITLE)}`, { headers })).json()) as { templates: { id: number; title: string }[] };
  let id = list.templates.find((t) => t.title === WORKFLOW_TITLE)?.id;
  if (id === undefined) {
    const created = await request.post(`${base}/form-templates`, {
      headers,
      data: {
        title: WORKFLOW_TITLE,
        components: [
          { type: "text", fieldKey: "codigo", label: "Código de procedimiento", required: true, writesOptionalCode: true },
          { type: "dropdown", fieldKey: "resultado", label: "Resultado", writesExtraInfo: true, options: [{ label: "Sin novedad", value: "ok" }, { label: "Detenido", value: "detenido" }] },
          { type: "section", fieldKey: "cierre", label: "Cierre", children: [{ type: "text", fieldKey: "veredicto", label: "Veredicto del supervisor" }] },
        ],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    id = ((await created.json()) as { template: { id: number } }).template.id;
  }
  const set = await request.put(`${base}/report-type-workflows/${WORKFLOW_TYPE}`, { headers, data: { templateId: id } });
  expect(set.ok(), await set.text()).toBe(true);
  return id;
}

/** A community report of WORKFLOW_TYPE, pending. */
export async function sendWorkflowReport(request: APIRequestContext, description: string): Promise<{ id: number; uuid: string }> {
  const res = await request.post("/api/app/reports", { data: { type: WORKFLOW_TYPE, description, latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { report: { id: number; uuid: string } }).report;
}
