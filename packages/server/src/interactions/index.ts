// The interactions domain as other domains see it: comments and notes of a report, and whether the
// community app shows a report to someone (its files follow the same rule).
export { presentComment } from "./interaction.presenter.js";
export { findComment, insertComment, listComments, listNotes, lockReport } from "./interaction.repository.js";
export { flagCommentAsCommunity, reportVisibleInApp } from "./interaction.service.js";
export { replyRoutes } from "./replies.routes.js";
