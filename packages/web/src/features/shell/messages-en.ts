import type { Catalogue } from "../../lib/i18n";
import type { navEs } from "./messages-es";

/** English names of the side navigation's screens. */
export const navEn: Catalogue<typeof navEs> = {
  reviews: "Report review",
  replies: "Replies",
  connections: "Connections",
  plateLookups: "Plate lookups",
  operators: "Operators",
  sounds: "Sounds",
  sources: "Sources",
  selectors: "Form selectors",
  activities: "Activities",
  activityCompliance: "Activity compliance",
  settings: "Settings",
  companies: "Organisations",
  clientErrors: "Portal errors",
  lawEnforcement: "Law enforcement",
  mailOutbox: "Mail outbox",
  collaboratorMessages: "Team messages",
  messagesApproval: "Message approval",
  activity: "Activity",
  users: "Users",
  lockedHint: "(not included in the free account)",
  logout: "Log out",
  collapse: "Collapse menu",
  expand: "Expand menu",
  mainMenu: "Main navigation",
};
