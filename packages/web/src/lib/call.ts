// The portal's typed client over the route table (@atalaya/shared routes/, issue 33): a feature names the
// route, not its path, and gets its params, query, body and answer types from the entry. Renaming a route
// or a field is one edit in the table; the web never writes an API path by hand.
import type { Route, RouteEntry } from "@atalaya/shared";
import type { z, ZodType } from "zod";
import { api, buildUrl, type QueryValue } from "./api";

type Input<S> = S extends ZodType ? z.input<S> : never;
// A part the route has is required unless every field of it is optional; a part it lacks may not be given.
type Part<S, K extends string> = [S] extends [ZodType] ? (object extends Input<S> ? { [P in K]?: Input<S> } : { [P in K]: Input<S> }) : { [P in K]?: never };

// The names of a path's params (`/a/:companyId/b/:id` → "companyId" | "id"), for an entry without a params schema.
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParams<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
type Params<R extends RouteEntry> = [R["params"]] extends [ZodType]
  ? Part<R["params"], "params">
  : [PathParams<R["path"]>] extends [never]
    ? { params?: never }
    : { params: Record<PathParams<R["path"]>, string | number> };

/** What a call of the route sends: its path params, query and body as its entry types them. */
export type CallArgs<R extends RouteEntry> = Params<R> &
  Part<R["query"], "query"> &
  // A route without a body schema reads its body itself (multipart or JSON): whatever it takes goes.
  ([R["body"]] extends [ZodType] ? Part<R["body"], "body"> : { body?: unknown }) & {
    /** A multipart body (uploads) instead of the JSON one. */
    form?: FormData;
    signal?: AbortSignal;
    /** The token to send instead of the session's (the logout, sent after the session is forgotten). */
    token?: string;
    /** Default true; false for calls whose 401 is an answer (wrong credentials), not an ended session. */
    redirectOnUnauthorized?: boolean;
    keepalive?: boolean;
  };

/** The route's 200 answer as its entry types it (unknown for a file or an undeclared one). */
export type AnswerOf<R extends RouteEntry> = R["answer"] extends ZodType ? z.output<R["answer"]> : unknown;

type Args<R extends RouteEntry> = object extends CallArgs<R> ? [args?: CallArgs<R>] : [args: CallArgs<R>];
type Address<R extends RouteEntry> = Params<R> & Part<R["query"], "query">;
type UrlArgs<R extends RouteEntry> = object extends Address<R> ? [args?: Address<R>] : [args: Address<R>];
type Loose = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; form?: FormData; signal?: AbortSignal; token?: string; redirectOnUnauthorized?: boolean; keepalive?: boolean };

/** The route's path with its params filled in (each encoded); a missing one is a programming error. */
export function pathOf(route: RouteEntry, params: Record<string, unknown> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") throw new Error(`${route.method} ${route.path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The address of a route the browser opens itself (a file to download, an image): path and query. */
export function urlOf<R extends Route>(route: R, ...[args]: UrlArgs<R>): string {
  const { params, query } = (args ?? {}) as Loose;
  return buildUrl("", pathOf(route, params), query as Record<string, QueryValue> | undefined);
}

/** Calls a route: `call(zonesRouteTable.getCompaniesByCompanyIdZones, { params: { companyId } })`. The
 * answer is checked against the entry's schema (a mismatch is the general error). */
export function call<R extends Route>(route: R, ...[args]: Args<R>): Promise<AnswerOf<R>> {
  const { params, query, body, form, ...options } = (args ?? {}) as Loose;
  const path = pathOf(route, params);
  if (!path.startsWith("/api/")) throw new Error(`${route.operationId}: not under /api, the portal's client does not call it`);
  const schema = route.answer && "safeParse" in route.answer ? (route.answer as ZodType<AnswerOf<R>>) : undefined;
  return api.request<AnswerOf<R>>(route.method, path.slice("/api".length), {
    ...options,
    query: query as Record<string, QueryValue> | undefined,
    body: form ?? body,
    ...(schema ? { schema } : {}),
  });
}

/** The TanStack Query key of a read: its operationId, then its params and query (absent parts left out),
 * so invalidating `[operationId]` or `[operationId, params]` reaches every page of it. */
export function queryKeyOf<R extends Route>(route: R, ...[args]: Args<R>): readonly unknown[] {
  const { params, query } = (args ?? {}) as Loose;
  return [route.operationId, ...(params ? [params] : []), ...(query ? [query] : [])];
}
