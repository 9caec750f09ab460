// The server's side of the route table (@atalaya/shared routes/, issue 33): every route the API registers
// has its entry, and the entry decides the route's access (config), operationId, tags, summary and the
// schemas a route file leaves out. A route without an entry, an entry without a route, or a route that
// states something its entry contradicts stops the start.
import type { FastifyContextConfig, FastifyInstance, RouteOptions } from "fastify";
import { errorBodySchema, isFileAnswer, routes, type RouteEntry } from "@atalaya/shared";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's table entry (set by installRouteTable). */
    operationId?: string;
  }
}

type Entry = RouteEntry & { operationId: string };
type Schema = Record<string, unknown>;

/** What the access hooks read, from an entry: public, optionalAuth, open311Key, permission, module, fileAnswer. */
export function configOf(entry: RouteEntry): Pick<FastifyContextConfig, "public" | "optionalAuth" | "open311Key" | "permission" | "module" | "fileAnswer"> {
  const { access } = entry;
  const config: ReturnType<typeof configOf> = {};
  if (access.kind === "public") {
    config.public = true;
    if (access.optionalAuth) config.optionalAuth = true;
  }
  if (access.kind === "open311Key") Object.assign(config, { public: true, open311Key: true });
  if (access.kind === "company" && !access.companyFrom) {
    config.permission = access.permission;
    if (access.module) config.module = access.module;
  }
  if (isFileAnswer(entry.answer)) config.fileAnswer = entry.answer.file;
  return config;
}

/** The key of a route in the table and in Fastify: `GET /api/companies/:companyId/zones`. */
export const routeKey = (method: string, path: string) => `${method} ${path}`;

function fail(key: string, what: string): never {
  throw new Error(`${key}: ${what} (the route table, packages/shared/src/routes/, is the one source)`);
}

/** The route's schema completed from its entry; what the route states itself must be the entry's. */
function schemaOf(key: string, entry: Entry, declared: Schema): Schema {
  const schema: Schema = { ...declared, operationId: entry.operationId, tags: [...entry.tags], summary: entry.summary };
  if (declared.summary !== undefined && declared.summary !== entry.summary) fail(key, "its summary differs from its entry's");
  if (declared.tags !== undefined && JSON.stringify(declared.tags) !== JSON.stringify(entry.tags)) fail(key, "its tags differ from its entry's");
  for (const [field, value] of [["params", entry.params], ["querystring", entry.query], ["body", entry.body]] as const) {
    if (value === undefined) continue;
    if (declared[field] !== undefined && declared[field] !== value) fail(key, `its ${field} schema is not its entry's`);
    schema[field] = value;
  }
  const response: Schema = { ...((declared.response as Schema | undefined) ?? {}) };
  const answers: Record<string, unknown> = { ...entry.also };
  if (entry.answer && !isFileAnswer(entry.answer)) answers["200"] = entry.answer;
  for (const [code, value] of Object.entries(answers)) {
    if (response[code] !== undefined && response[code] !== value) fail(key, `its ${code} answer is not its entry's`);
    response[code] = value;
  }
  for (const code of entry.errors) response[code] ??= errorBodySchema;
  const allowed = new Set(["200", ...Object.keys(answers), ...entry.errors.map(String)]);
  for (const code of Object.keys(response)) if (!allowed.has(code)) fail(key, `it answers ${code}, which its entry does not list`);
  if (Object.keys(response).length) schema.response = response;
  return schema;
}

/** Makes the table decide every API route (see the header); hidden routes (health, metrics, the portal's
 * files, the API documents, Open311's catch-alls, the real-time socket) are not part of the API's table. */
export function installRouteTable(app: FastifyInstance, table: Record<string, Entry> = routes): void {
  const entries = new Map(Object.values(table).map((entry) => [routeKey(entry.method, entry.path), entry]));
  const registered = new Set<string>();
  app.addHook("onRoute", (route: RouteOptions) => {
    if ((route.schema as Schema | undefined)?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify's HEAD twin of a GET route is its GET entry's, answered without a body.
      const key = routeKey(method === "HEAD" ? "GET" : method, route.url);
      const entry = entries.get(key) ?? fail(key, "no entry");
      if (method !== "HEAD") {
        if (registered.has(key)) fail(key, "registered twice");
        registered.add(key);
      }
      const config = (route.config ?? {}) as Record<string, unknown>;
      for (const [name, value] of Object.entries(configOf(entry))) {
        if (config[name] !== undefined && config[name] !== value) fail(key, `its config.${name} differs from its entry's access`);
      }
      for (const name of ["public", "optionalAuth", "open311Key", "permission", "module", "fileAnswer"]) {
        if (config[name] !== undefined && !(name in configOf(entry))) fail(key, `its config.${name} is not in its entry's access`);
      }
      route.config = { ...config, ...configOf(entry), operationId: entry.operationId } as typeof route.config;
      route.schema = schemaOf(key, entry, (route.schema ?? {}) as Schema);
    }
  });
  app.addHook("onReady", async () => {
    const missing = [...entries.keys()].filter((key) => !registered.has(key));
    if (missing.length) throw new Error(`route table entries without a route: ${missing.join(", ")}`);
  });
}
