import { MailOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  collaboratorsMessages: { path: paths.collaboratorsMessages, icon: MailOutlined, label: "nav.collaboratorMessages", module: null, roles: ROLES.all, badge: "collaboratorMessages" },
} as const satisfies Record<string, MenuEntry>;
