// The answers domain as other domains see it: reading one answer of the company (closing uses it).
export { findAnswer, type AnswerRow } from "./answer.repository.js";
