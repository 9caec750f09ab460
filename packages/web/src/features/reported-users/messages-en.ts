import type { reportedUsersEs } from "./messages-es";

/** English texts of the reported users screen. */
export const reportedUsersEn: typeof reportedUsersEs = {
  title: "Reported users",
  subtitle: "Community members reported for their reports or comments on your organisation's reports.",
  loadError: "We could not load the reported users.",
  empty: "Nobody has reported users of your reports.",
  total: "{{count}} users",
  columns: {
    name: "User",
    complaints: "Complaints",
    reports: "Reports",
    status: "Status",
    actions: "Actions",
  },
  status: {
    locked: "Locked",
    active: "Active",
  },
  noName: "User #{{id}}",
  actions: {
    impact: "See {{name}}'s impact",
    lock: "Lock {{name}}",
    unlock: "Unlock {{name}}",
  },
  confirmLock: {
    title: "Lock {{name}}?",
    text: "They will not be able to use the app and their session ends at once.",
    ok: "Lock",
  },
  confirmUnlock: {
    title: "Unlock {{name}}?",
    text: "They will be able to sign in to the app again.",
    ok: "Unlock",
  },
  cancel: "Cancel",
  locked: "{{name}} was locked.",
  unlocked: "{{name}} was unlocked.",
  impact: {
    title: "{{name}}'s impact",
    hint: "Counted over the reports your organisation attends.",
    reports: "Reports",
    attended: "Attended",
    solved: "Solved",
    false: "Not applicable",
    likes: "Likes",
    loadError: "We could not load this user's impact.",
  },
};
