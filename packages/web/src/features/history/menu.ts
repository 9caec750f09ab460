import { FieldTimeOutlined, HistoryOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  history: { path: paths.history, icon: HistoryOutlined, label: "modules.history", module: "history", roles: ROLES.all },
  activity: { path: paths.activity, icon: FieldTimeOutlined, label: "nav.activity", module: "history", roles: ROLES.all },
} as const satisfies Record<string, MenuEntry>;
