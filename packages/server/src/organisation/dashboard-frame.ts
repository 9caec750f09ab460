import { createHash } from "node:crypto";
import { cspHeader, dashboardFrameCspDirectives } from "../http/csp.js";

/** A dashboard's frame page: the document and the CSP it is sent with. */
export interface DashboardFramePage {
  html: string;
  csp: string;
}

// The page's one style, allowed by its hash (no 'unsafe-inline'; the page runs no script at all).
const STYLE = "html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}";
const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page the portal's iframe opens for one custom dashboard: it frames the dashboard's link and its
 * CSP allows that origin alone, so a company's viewers can frame only their own company's dashboards
 * (the portal page itself frames nothing but this origin's pages). */
export function dashboardFramePage(dashboard: { name: string; link: string; origin: string }, lang: string): DashboardFramePage {
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(dashboard.name)}</title><style>${STYLE}</style></head>
<body><iframe src="${escapeHtml(dashboard.link)}" title="${escapeHtml(dashboard.name)}" referrerpolicy="no-referrer" sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"></iframe></body></html>
`;
  return { html, csp: cspHeader(dashboardFrameCspDirectives(dashboard.origin, STYLE_HASH)) };
}
