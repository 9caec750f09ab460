import { QrcodeOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  assets: { path: paths.assets, icon: QrcodeOutlined, label: "modules.assets", module: "assets", roles: ROLES.workers },
} as const satisfies Record<string, MenuEntry>;
