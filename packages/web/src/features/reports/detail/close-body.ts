import type { ClosingKind } from "@atalaya/shared";
import type { CloseReportBody } from "./detail-api";

/** How the closing answers the informer: not at all, with an automatic answer, or with a comment. */
export type AnswerMode = "none" | "automatic" | "free";

/** What the close dialog collected. */
export interface CloseChoice {
  kind: ClosingKind;
  repeatedOf: number | null;
  answerMode: AnswerMode;
  answerId: number | null;
  comment: string;
}

/** The close request for the dialog's choices; null while something required is missing. */
export function buildCloseBody(choice: CloseChoice): CloseReportBody | null {
  const body: CloseReportBody = { kind: choice.kind };
  if (choice.kind === "repeated") {
    if (choice.repeatedOf === null) return null;
    body.repeatedOf = choice.repeatedOf;
  }
  if (choice.answerMode === "automatic") {
    if (choice.answerId === null) return null;
    body.automaticAnswerId = choice.answerId;
  }
  if (choice.answerMode === "free") {
    const comment = choice.comment.trim();
    if (comment === "") return null;
    body.comment = comment;
  }
  return body;
}
