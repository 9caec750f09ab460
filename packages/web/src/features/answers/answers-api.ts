import {
  automaticAnswerListResponseSchema,
  automaticAnswerResponseSchema,
  successSchema,
  type AutomaticAnswer,
  type AutomaticAnswerBody,
  type AutomaticAnswerListQuery,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the automatic answers; `all` prefixes every list of one organisation. */
export const answerKeys = {
  all: (companyId: number) => ["answers", companyId] as const,
  list: (companyId: number, query: AutomaticAnswerListQuery = {}) =>
    ["answers", companyId, query.usage ?? "any", query.type ?? "any"] as const,
};

const base = (companyId: number): string => `/companies/${companyId}/automatic-answers`;

/** `GET /api/companies/{companyId}/automatic-answers?usage=&type=`: the organisation's answers, by title. */
export function fetchAnswers(companyId: number, query: AutomaticAnswerListQuery = {}, signal?: AbortSignal): Promise<AutomaticAnswer[]> {
  return api.get(base(companyId), {
    query: { usage: query.usage, type: query.type },
    schema: automaticAnswerListResponseSchema.transform((body) => body.answers),
    signal,
  });
}

/** `POST …/automatic-answers` (company admins): the stored answer. */
export function createAnswer(companyId: number, body: AutomaticAnswerBody): Promise<AutomaticAnswer> {
  return api.post(base(companyId), body, { schema: automaticAnswerResponseSchema.transform((res) => res.answer) });
}

/** `PUT …/automatic-answers/{id}` (company admins): the stored answer. */
export function updateAnswer(companyId: number, id: number, body: AutomaticAnswerBody): Promise<AutomaticAnswer> {
  return api.put(`${base(companyId)}/${id}`, body, { schema: automaticAnswerResponseSchema.transform((res) => res.answer) });
}

/** `DELETE …/automatic-answers/{id}` (company admins). */
export async function deleteAnswer(companyId: number, id: number): Promise<void> {
  await api.delete(`${base(companyId)}/${id}`, { schema: successSchema });
}
