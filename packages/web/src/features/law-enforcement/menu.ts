import { SafetyCertificateOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  lawEnforcementRequests: { path: paths.lawEnforcementRequests, icon: SafetyCertificateOutlined, label: "nav.lawEnforcement", module: null, roles: ROLES.all, provider: true },
} as const satisfies Record<string, MenuEntry>;
