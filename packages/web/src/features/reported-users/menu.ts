import { UserDeleteOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  reportedUsers: { path: paths.reportedUsers, icon: UserDeleteOutlined, label: "modules.reported_users", module: "reported_users", roles: ROLES.workers },
} as const satisfies Record<string, MenuEntry>;
