/** Enumerations of SPEC §3 and §4, values exact. */
export const REPORT_STATUSES = ["pending", "in_progress", "solved", "false", "in_observation"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** Tab order of the events panel (SPEC §2). */
export const PANEL_TABS = ["in_observation", "pending", "in_progress", "solved"] as const;
export type PanelTab = (typeof PANEL_TABS)[number];
export const DEFAULT_PANEL_TAB: PanelTab = "pending";

export const CLOSING_KINDS = ["solved", "false", "repeated"] as const;
export type ClosingKind = (typeof CLOSING_KINDS)[number];

export const PRIORITIES = ["lowest", "low", "normal", "high", "highest"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_WEIGHTS: Record<Priority, number> = { lowest: 1, low: 2, normal: 3, high: 5, highest: 8 };

export const DUE_TIME_UNITS = ["minutes", "hours", "days"] as const;
export type DueTimeUnit = (typeof DUE_TIME_UNITS)[number];

export const SORT_OPTIONS = ["newest", "oldest", "dueDate", "triage"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const INFORMER_TYPES = ["user", "anonymous", "operator"] as const;
export type InformerType = (typeof INFORMER_TYPES)[number];

export const PATROL_STATUSES = ["online", "busy", "away", "offline"] as const;
export type PatrolStatus = (typeof PATROL_STATUSES)[number];

export const ORGANISATION_CATEGORIES = ["government", "private_service", "neighbour", "other"] as const;
export type OrganisationCategory = (typeof ORGANISATION_CATEGORIES)[number];

export const DASHBOARD_COUNTERS = ["pending", "in_progress", "solved", "false", "in_observation"] as const;
