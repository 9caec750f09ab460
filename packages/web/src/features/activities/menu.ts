import { CalendarOutlined, CheckSquareOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  activities: { path: paths.activities, icon: CalendarOutlined, label: "nav.activities", module: "forms", roles: ROLES.workers },
  activitiesCompliance: { path: paths.activitiesCompliance, icon: CheckSquareOutlined, label: "nav.activityCompliance", module: "forms", roles: ROLES.workers },
} as const satisfies Record<string, MenuEntry>;
