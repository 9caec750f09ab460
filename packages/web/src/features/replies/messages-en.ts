import type { repliesEs } from "./messages-es";

/** English texts of the replies inbox. */
export const repliesEn: typeof repliesEs = {
  title: "Replies",
  subtitle: "The community's comments on your organisation's reports, newest first. Answer them from here.",
  filterLabel: "Which comments to show",
  filterAll: "All",
  filterUnanswered: "Unanswered ({{count}})",
  anonymous: "Anonymous user",
  author: "Report author",
  answered: "Answered",
  unanswered: "Unanswered",
  on: "On",
  reply: "Reply",
  replyLabel: "Reply to {{name}}",
  placeholder: "Write a public comment…",
  send: "Send",
  sent: "Comment posted",
  empty: "No community comments yet.",
  emptyUnanswered: "No unanswered comments.",
  loadError: "We could not load the comments.",
};
