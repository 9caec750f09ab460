import { AuditOutlined, NotificationOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  events: { path: paths.events, icon: NotificationOutlined, label: "modules.events", module: "events", roles: ROLES.all },
  reviews: { path: paths.reviews, icon: AuditOutlined, label: "nav.reviews", module: null, roles: ROLES.admins, badge: "reviews" },
} as const satisfies Record<string, MenuEntry>;
