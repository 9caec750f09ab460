import { TeamOutlined, WifiOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  connections: { path: paths.connections, icon: WifiOutlined, label: "nav.connections", module: null, roles: ROLES.admins },
  operators: { path: paths.operators, icon: TeamOutlined, label: "nav.operators", module: null, roles: ROLES.workers },
} as const satisfies Record<string, MenuEntry>;
