import { CommentOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  replies: { path: paths.replies, icon: CommentOutlined, label: "nav.replies", module: "events", roles: ROLES.workers },
} as const satisfies Record<string, MenuEntry>;
