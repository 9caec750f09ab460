// The answers domain as other domains see it: reading one answer of the company (closing uses it).
import type { Domain } from "../context.js";
import { answerRoutes } from "./answer.routes.js";
export { findAnswer, type AnswerRow } from "./answer.repository.js";

/** The answers domain in the application: its routes; domains.ts lists it. */
export const answersDomain: Domain = {
  name: "answers",
  routes: answerRoutes,
};
