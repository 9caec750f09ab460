import { BarChartOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  dashboard: { path: paths.dashboard, icon: BarChartOutlined, label: "modules.dashboard", module: "dashboard", roles: ROLES.workers },
} as const satisfies Record<string, MenuEntry>;
