import { AuditOutlined, MessageOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  messages: { path: paths.messages, icon: MessageOutlined, label: "modules.messages", module: "messages", roles: ROLES.workers, freemium: "locked" },
  messagesApproval: { path: paths.messagesApproval, icon: AuditOutlined, label: "nav.messagesApproval", module: null, roles: ROLES.all, provider: true },
} as const satisfies Record<string, MenuEntry>;
