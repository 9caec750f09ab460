import type { connectionsEs, operatorsEs } from "./messages-es";

/** English texts of the operators screen. */
export const operatorsEn: typeof operatorsEs = {
  title: "Operators",
  subtitle: "Who of your organisation is connected now and what each one is working on.",
  onlineCount: "{{count}} connected now",
  onlineCount_one: "1 connected now",
  online: "Connected",
  offline: "Disconnected",
  lastSeen: "Last seen {{when}}",
  viewing: "Looking at",
  working: "{{count}} reports in progress:",
  working_one: "1 report in progress:",
  idle: "No reports in progress",
  empty: "Your organisation has no members.",
  loadError: "We could not load the operators.",
};

/** English texts of the connections screen. */
export const connectionsEn: typeof connectionsEs = {
  title: "Connections",
  subtitle: "The operators' connection log with the portal: when they connected, disconnected or lost the connection.",
  columns: { when: "Date", operator: "Operator", type: "Type", events: "Events" },
  moreEvents: "and {{count}} more",
  filters: { operator: "Operator", anyOperator: "All operators", from: "From", to: "To" },
  empty: "No connection records for this filter.",
  loadError: "We could not load the connections.",
};
