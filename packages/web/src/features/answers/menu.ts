import { ThunderboltOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  answers: { path: paths.answers, icon: ThunderboltOutlined, label: "modules.answers", module: "answers", roles: ROLES.workers },
} as const satisfies Record<string, MenuEntry>;
