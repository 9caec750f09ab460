// The interactions domain as other domains see it: comments and notes of a report, and whether the
// community app shows a report to someone (its files follow the same rule).
import type { Domain } from "../context.js";
import { interactionRoutes } from "./interaction.routes.js";
import { replyRoutes } from "./replies.routes.js";
export { presentComment } from "./interaction.presenter.js";
export { findComment, insertComment, listComments, listNotes, lockReport } from "./interaction.repository.js";
export { flagCommentAsCommunity, reportVisibleInApp } from "./interaction.service.js";

/** The interactions domain in the application: its routes; domains.ts lists it. */
export const interactionsDomain: Domain = {
  name: "interactions",
  routes: async (app, ctx) => {
    await interactionRoutes(app, ctx);
    await replyRoutes(app, ctx);
  },
};
