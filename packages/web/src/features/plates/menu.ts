import { FileSearchOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  plateLookups: { path: paths.plateLookups, icon: FileSearchOutlined, label: "nav.plateLookups", module: null, roles: ROLES.admins },
} as const satisfies Record<string, MenuEntry>;
