// The organisation feature's only door: its screens and menu rows for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { menu } from "./menu";
export { parseForm, serverProblems, type FieldProblem } from "./form-rules";
export { OrganisationPage } from "./organisation-page";
export { useCustomDashboardMenuItems } from "./use-custom-dashboards";
