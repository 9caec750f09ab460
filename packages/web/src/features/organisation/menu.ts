import { ApartmentOutlined, AppstoreOutlined, DatabaseOutlined, FundViewOutlined, TagsOutlined } from "@ant-design/icons";
import { ROLES, type MenuEntry } from "../../lib/feature";
import { paths } from "./routes";

/** This feature's rows of the side navigation, by name: app/ puts them in the menu's order. */
export const menu = {
  teams: { path: paths.teams, icon: ApartmentOutlined, label: "modules.teams", module: "teams", roles: ROLES.workers, freemium: "locked" },
  tags: { path: paths.tags, icon: TagsOutlined, label: "modules.tags", module: "tags", roles: ROLES.workers },
  sources: { path: paths.sources, icon: DatabaseOutlined, label: "nav.sources", module: null, roles: ROLES.workers },
  formSelectors: { path: paths.formSelectors, icon: AppstoreOutlined, label: "nav.selectors", module: null, roles: ROLES.workers },
  customDashboards: { path: paths.customDashboards, icon: FundViewOutlined, label: "modules.custom_dashboards", module: "custom_dashboards", roles: ROLES.admins },
} as const satisfies Record<string, MenuEntry>;
