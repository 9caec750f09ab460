// The API's OpenAPI 3.1 document (/api/docs/json), made by @fastify/swagger from the routes' zod schemas
// and completed here from what each route declares, so that the validators (swagger-parser, Redocly)
// accept it and a generator (openapi-typescript) makes a client from it (issue 33):
// - the zod schemas registered with an id become `components.schemas` (their references resolve);
// - every operation has a stable operationId from its method and path, a tag, its own security (none on
//   public routes, the Open311 key on keyed ones, the access token elsewhere) and its error answers;
// - a route that answers with a file says its media type (`config.fileAnswer`), not JSON;
// - `servers` is PUBLIC_URL.
import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The media type of the file this route answers with (`*\/*` when it is the stored file's own), for
     * the API document: its 200 is that file, not JSON. */
    fileAnswer?: string;
    /** The Open311 routes that take the organisation's API key (`api_key`) rather than a session. */
    open311Key?: boolean;
  }
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions["transform"]>;
type TransformInput = Parameters<Transform>[0];
type Schema = Record<string, unknown>;

const ERROR_BODY = {
  type: "object",
  required: ["success", "error"],
  properties: {
    success: { const: false },
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" }, field: { type: "string" } },
    },
  },
};

const errorAnswer = (description: string) => ({ description, ...ERROR_BODY });

/** `GET /api/companies/:companyId/reports/:id/take` → `getCompaniesByCompanyIdReportsByIdTake`: unique as long
 * as method and path are (a test checks), and unchanged while the route is. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "/")
    .split(/[/.]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .filter(Boolean);
  const camel = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  return `${method.toLowerCase()}${camel || "Root"}`;
}

/** The error answers a route may give, from what it declares: 400 for anything it reads, 401 without a
 * session where one is needed, 403 for a permission or module, 404 for anything named in the path, 429
 * for the rate limits every route has. */
function errorAnswers(input: TransformInput, schema: Schema, isPublic: boolean): Record<string, unknown> {
  const config = (input.route.config ?? {}) as { permission?: string; module?: string };
  const answers: Record<string, unknown> = {};
  if (schema.body || schema.querystring || schema.params) answers["400"] = errorAnswer("The request is not valid: `error.field` names what to fix");
  if (!isPublic) answers["401"] = errorAnswer("No valid session (access token)");
  if (config.permission || config.module || !isPublic) answers["403"] = errorAnswer("The caller may not do this here (permission, module or role)");
  if (/[:{]/.test(input.url) || input.url.startsWith("/api/companies/")) answers["404"] = errorAnswer("Nothing of that id in the caller's reach");
  answers["429"] = errorAnswer("Too many requests: try again later");
  return answers;
}

/** Completes one route's schema for the document (see the header). */
export const openApiTransform: Transform = (input) => {
  const { schema: zodFree, url } = jsonSchemaTransform(input) as { schema: Schema; url: string };
  const schema: Schema = { ...zodFree };
  const config = input.route.config ?? {};
  const method = (Array.isArray(input.route.method) ? input.route.method[0] : input.route.method) as string;
  schema.operationId ??= operationIdOf(method, input.url);
  schema.tags ??= [input.url.replace(/^\/api\/(companies\/:companyId\/)?/, "").split(/[/.]/)[0] || "portal"];
  const isPublic = config.public === true;
  if (config.open311Key) schema.security = [{ open311Key: [] }];
  else if (isPublic) schema.security = config.optionalAuth ? [{}, { accessToken: [] }] : [];
  const response: Schema = { ...((schema.response as Schema | undefined) ?? {}) };
  if (config.fileAnswer) response["200"] = { description: "The file", content: { [config.fileAnswer]: { schema: { type: "string", format: "binary" } } } };
  if (!Object.keys(response).some((code) => code.startsWith("2"))) response["200"] = { description: "Done" };
  for (const [code, answer] of Object.entries(errorAnswers(input, schema, isPublic))) response[code] ??= answer;
  schema.response = response;
  return { schema, url };
};

/** @fastify/swagger's options: the document's frame and the two transforms. */
export function openApiOptions(publicUrl: string, version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Atalaya API", version, description: "The API of the Atalaya portal and its apps. Errors answer `{ success: false, error: { code, message } }`." },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          accessToken: { type: "apiKey", in: "header", name: "access-token" },
          open311Key: { type: "apiKey", in: "query", name: "api_key" },
        },
      },
      security: [{ accessToken: [] }],
    },
    transform: openApiTransform,
    transformObject: jsonSchemaTransformObject,
  };
}
