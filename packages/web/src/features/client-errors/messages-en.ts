import type { clientErrorsEs } from "./messages-es";

/** English texts of the provider's portal errors screen. */
export const clientErrorsEn: typeof clientErrorsEs = {
  title: "Portal errors",
  subtitle: "Errors and failed calls that browsers reported in the last 30 days, grouped by message and release.",
  forbidden: "Only the provider's administrators can see the portal's errors.",
  loadError: "We could not load the errors.",
  release: "Release",
  allReleases: "All releases",
  empty: "No errors reported.",
  columns: { message: "Message", count: "Times", users: "Users", lastSeen: "Last seen" },
  seen: "First seen {{first}} · last seen {{last}}",
  routes: "Routes",
  kinds: { error: "Error", unhandledrejection: "Unhandled rejection", boundary: "Screen", api: "API call" },
  open: "Show details of {{message}}",
  detailTitle: "Error details",
  occurrences: "Recent occurrences",
  status: "Status {{status}}",
  noResponse: "No response",
  user: "User {{id}}",
  anonymous: "Not signed in",
  company: "Organisation {{id}}",
  times: "{{count}} times",
  times_one: "1 time",
  stack: "Stack",
  close: "Close",
};
