import { GatewayOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  zones: { path: paths.zones, icon: GatewayOutlined, label: "modules.zones", module: "zones", roles: ROLES.all },
} as const satisfies Record<string, MenuEntry>;
