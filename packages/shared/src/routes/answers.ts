import { automaticAnswerBodySchema, automaticAnswerListQuerySchema, automaticAnswerListResponseSchema, automaticAnswerParamsSchema, automaticAnswerResponseSchema } from "../answers.js";
import { companyIdParamSchema, successSchema } from "../auth.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's answers/ folder (answers/answer.routes.ts). */
export const answersRouteTable = defineRoutes({
  getCompaniesByCompanyIdAutomaticAnswers: {
    method: "GET",
    path: "/api/companies/:companyId/automatic-answers",
    tags: ["automatic answers"],
    summary: "The organisation's automatic answers (usage=management|closure; type = for that report type or any)",
    access: { kind: "company", permission: "report.work" },
    params: companyIdParamSchema,
    query: automaticAnswerListQuerySchema,
    answer: automaticAnswerListResponseSchema,
    errors: [400, 403, 404],
  },
  postCompaniesByCompanyIdAutomaticAnswers: {
    method: "POST",
    path: "/api/companies/:companyId/automatic-answers",
    tags: ["automatic answers"],
    summary: "Create an automatic answer (company admins)",
    access: { kind: "company", permission: "answers.manage" },
    params: companyIdParamSchema,
    body: automaticAnswerBodySchema,
    answer: automaticAnswerResponseSchema,
    errors: [400, 403, 404],
  },
  putCompaniesByCompanyIdAutomaticAnswersById: {
    method: "PUT",
    path: "/api/companies/:companyId/automatic-answers/:id",
    tags: ["automatic answers"],
    summary: "Replace an automatic answer (company admins)",
    access: { kind: "company", permission: "answers.manage" },
    params: automaticAnswerParamsSchema,
    body: automaticAnswerBodySchema,
    answer: automaticAnswerResponseSchema,
    errors: [400, 403, 404],
  },
  deleteCompaniesByCompanyIdAutomaticAnswersById: {
    method: "DELETE",
    path: "/api/companies/:companyId/automatic-answers/:id",
    tags: ["automatic answers"],
    summary: "Delete an automatic answer (company admins)",
    access: { kind: "company", permission: "answers.manage" },
    params: automaticAnswerParamsSchema,
    answer: successSchema,
    errors: [400, 403, 404],
  },
});
