import { UserOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  users: { path: paths.users, icon: UserOutlined, label: "nav.users", module: null, roles: ROLES.admins },
} as const satisfies Record<string, MenuEntry>;
