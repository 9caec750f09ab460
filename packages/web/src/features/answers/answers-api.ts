import { answersRouteTable as routes, type AutomaticAnswer, type AutomaticAnswerBody, type AutomaticAnswerListQuery } from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query keys of the automatic answers; `all` prefixes every list of one organisation. */
export const answerKeys = {
  all: (companyId: number) => ["answers", companyId] as const,
  list: (companyId: number, query: AutomaticAnswerListQuery = {}) =>
    ["answers", companyId, query.usage ?? "any", query.type ?? "any"] as const,
};

/** `GET /api/companies/{companyId}/automatic-answers?usage=&type=`: the organisation's answers, by title. */
export async function fetchAnswers(companyId: number, query: AutomaticAnswerListQuery = {}, signal?: AbortSignal): Promise<AutomaticAnswer[]> {
  const res = await call(routes.getCompaniesByCompanyIdAutomaticAnswers, { params: { companyId }, query: { usage: query.usage, type: query.type }, signal });
  return res.answers;
}

/** `POST …/automatic-answers` (company admins): the stored answer. */
export async function createAnswer(companyId: number, body: AutomaticAnswerBody): Promise<AutomaticAnswer> {
  return (await call(routes.postCompaniesByCompanyIdAutomaticAnswers, { params: { companyId }, body })).answer;
}

/** `PUT …/automatic-answers/{id}` (company admins): the stored answer. */
export async function updateAnswer(companyId: number, id: number, body: AutomaticAnswerBody): Promise<AutomaticAnswer> {
  return (await call(routes.putCompaniesByCompanyIdAutomaticAnswersById, { params: { companyId, id }, body })).answer;
}

/** `DELETE …/automatic-answers/{id}` (company admins). */
export async function deleteAnswer(companyId: number, id: number): Promise<void> {
  await call(routes.deleteCompaniesByCompanyIdAutomaticAnswersById, { params: { companyId, id } });
}
