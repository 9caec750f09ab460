import type { ZodType } from "zod";
import type { ModuleName } from "../modules.js";
import type { Permission } from "../permissions.js";

/** Who may call a route. The server's hooks enforce `public`, `open311Key`, `company` (under the company
 * prefix) and the signed-in account of every other kind; the route-walking tests read it to know whom to
 * expect through. `companyFrom` names where a company route outside the prefix finds its company (the
 * report's attending company, a query or body field, or the caller's default one). */
export type Access =
  | { kind: "public"; optionalAuth?: true }
  | { kind: "open311Key" }
  | { kind: "account" }
  | { kind: "reporter" }
  | { kind: "patrol" }
  | { kind: "provider" }
  | { kind: "company"; permission: Permission; module?: ModuleName; companyFrom?: "report" | "request" };

/** A route that answers with a file rather than JSON: its media type (`*\/*` for a stored file's own). */
export interface FileAnswer {
  file: string;
}

/** One route of the API: what the server registers, the OpenAPI document describes and the portal calls. */
export interface RouteEntry {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Fastify's form (`/api/companies/:companyId/zones/:id`). */
  path: string;
  tags: readonly string[];
  summary: string;
  access: Access;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The 200 answer (absent: an empty one, or a schema the route still declares itself). */
  answer?: ZodType | FileAnswer;
  /** Success answers other than 200 (201 created, 304 not modified). */
  also?: Readonly<Partial<Record<201 | 304, ZodType>>>;
  /** The error statuses it may answer, each with the error body. */
  errors: readonly number[];
}

/** A table entry with its operationId, the key it has in the table. */
export type Route<Id extends string = string, E extends RouteEntry = RouteEntry> = E & { readonly operationId: Id };

/** Stamps each entry of a domain's table with its key as operationId, keeping the entries' precise types
 * (so a client and a handler infer params, body and answer from them). */
/*#__NO_SIDE_EFFECTS__*/
export function defineRoutes<const T extends Record<string, RouteEntry>>(table: T): { readonly [K in keyof T & string]: Route<K, T[K]> } {
  return Object.fromEntries(Object.entries(table).map(([operationId, entry]) => [operationId, { ...entry, operationId }])) as never;
}

/** True when the answer is a file, not JSON. */
export function isFileAnswer(answer: RouteEntry["answer"]): answer is FileAnswer {
  return typeof answer === "object" && answer !== null && "file" in answer && typeof (answer as FileAnswer).file === "string";
}

