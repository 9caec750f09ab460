import { BankOutlined, SettingOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  companies: { path: paths.companies, icon: BankOutlined, label: "nav.companies", module: null, roles: ROLES.all, provider: true },
  settings: { path: paths.settings, icon: SettingOutlined, label: "nav.settings", module: null, roles: ROLES.workers },
} as const satisfies Record<string, MenuEntry>;
