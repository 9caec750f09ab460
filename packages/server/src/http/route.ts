// A route file registers each handler at its table entry (issue 33): `r.route({ ...at(routes.x), handler })`.
// The entry gives the method, the path and the schemas Fastify validates and serialises with, so the
// handler's request and answer are typed from the table; the route table's hook (route-table.ts) adds
// the access, operationId, tags, summary and error answers.
import type { RouteEntry } from "@atalaya/shared";

type Field<E, K extends string, As extends string> = E extends { [P in K]: infer S } ? { [P in As]: S } : object;
type Answers<E> = (E extends { answer: infer A } ? (A extends { file: string } ? object : { 200: A }) : object) &
  (E extends { also: infer Also } ? Also : object);

/** The Fastify schema of an entry: its params, query, body and JSON answers, as the entry holds them. */
export type EntrySchema<E extends RouteEntry> = Field<E, "params", "params"> &
  Field<E, "query", "querystring"> &
  Field<E, "body", "body"> &
  (keyof Answers<E> extends never ? object : { response: Answers<E> });

/** The method, path and schemas of a table entry, to spread into `r.route({ ...at(entry), handler })`. */
export function at<E extends RouteEntry>(entry: E): { method: E["method"]; url: string; schema: EntrySchema<E> } {
  const schema: Record<string, unknown> = {};
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  const response = { ...(entry.answer && !("file" in entry.answer) ? { 200: entry.answer } : {}), ...entry.also };
  if (Object.keys(response).length) schema.response = response;
  return { method: entry.method, url: entry.path, schema: schema as EntrySchema<E> };
}
