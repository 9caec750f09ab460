import type { duplicatesEs } from "./messages-es";

/** English texts of the duplicate suggestions (issue 18). */
export const duplicatesEn: typeof duplicatesEs = {
  badge: "Possible repeat",
  badgeTitle_one: "{{count}} similar open report nearby",
  badgeTitle_other: "{{count}} similar open reports nearby",
  title_one: "Repeat? {{count}} similar report",
  title_other: "Repeat? {{count}} similar reports",
  hint: "Open reports of the same type, near and shortly before this one. If it is the same event, close it as a repeat: its followers and votes move to the original.",
  how: "{{metres}} m away, {{minutes}} min before",
  noDescription: "No description",
  merge: "Close as repeat of #{{id}}",
  dismiss: "Not a repeat",
  merged: "Report #{{id}} closed as repeat of #{{original}}",
  closingComment: "Thank you for letting us know. This was already reported (report #{{id}}) and we keep working on it there.",
};
