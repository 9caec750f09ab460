import { useMemo, type ReactNode } from "react";
import { Badge, Layout, Menu } from "antd";
import { FundViewOutlined, LockOutlined, LogoutOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { PORTAL_VERSION, hasModule } from "@atalaya/shared";
import { useSettings } from "../../features/settings";
import { activeEntry, menuAccess, visibleMenu, type VisibleMenuEntry } from "./menu";
import { useCustomDashboardMenuItems } from "../../features/organisation";
import { useUpgradePrompt } from "../../features/company-settings";
import { BrandLogo } from "../../components/brand-logo";
import { useCollaboratorUnread } from "../../features/collaborator-messages";
import { usePendingReviews } from "../../features/reports";

/** Menu key prefix of a locked entry (it opens the upgrade prompt). */
const UPGRADE = "upgrade:";

/** Width of the side navigation, open and collapsed. */
export const SIDER_WIDTH = 236;
export const SIDER_COLLAPSED_WIDTH = 76;

/** Side navigation: the screens of the menu table (menu.ts) this user may open, log out, and the version label. On wide screens a sider
 * (open or collapsed to icons); on phones the same content in an overlay drawer (`drawer`), which
 * `onNavigate` closes when a screen is chosen. */
export function SideNav({
  collapsed,
  onLogout,
  drawer = false,
  onNavigate,
}: {
  collapsed: boolean;
  onLogout: () => void;
  drawer?: boolean;
  onNavigate?: () => void;
}): ReactNode {
  const content = <SideNavContent collapsed={drawer ? false : collapsed} onLogout={onLogout} onNavigate={onNavigate} />;
  if (drawer) return content;
  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      trigger={null}
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      className="side-nav"
      data-testid="side-nav"
    >
      {content}
    </Layout.Sider>
  );
}

function SideNavContent({ collapsed, onLogout, onNavigate }: { collapsed: boolean; onLogout: () => void; onNavigate?: () => void }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { settings } = useSettings();
  // The table in menu.ts decides: the company's modules and the user's role in it.
  const access = useMemo(() => menuAccess(settings), [settings]);
  const upgrade = useUpgradePrompt();
  const entries = useMemo(() => visibleMenu(access), [access]);
  // Each of the company's custom dashboards is an entry of its own, after the table's (exact paths).
  const customDashboards = useCustomDashboardMenuItems(hasModule(access.modules, "custom_dashboards") && access.role !== null && access.role !== "patrol");
  // The collaborator messages row carries the user's unread count (issue 15).
  const hasBadge = (badge: VisibleMenuEntry["badge"]) => entries.some((e) => e.badge === badge && !e.locked);
  const unreadMessages = useCollaboratorUnread(settings.company.id, hasBadge("collaboratorMessages"));
  // The review row carries the reports waiting for a decision (for company admins, who decide them).
  const pendingReviews = usePendingReviews(settings.company.id, hasBadge("reviews"));
  const badges = {
    collaboratorMessages: { count: unreadMessages, testId: "collaborator-unread-badge", text: "collaboratorMessages.menuUnread" },
    reviews: { count: pendingReviews, testId: "reviews-pending-badge", text: "reportLife.review.menuPending" },
  } as const;
  const active = activeEntry(pathname, entries);
  const selected = customDashboards.some((d) => d.key === pathname) ? [pathname] : active ? [active.path] : [];

  return (
    <>
      <div className="side-nav__inner">
        <div className={`side-nav__brand${collapsed ? " side-nav__brand--collapsed" : ""}`}>
          <BrandLogo size={34} inverse showName={!collapsed} />
        </div>
        <nav aria-label={t("nav.mainMenu")} className="side-nav__menu">
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected}
            onClick={({ key }) => {
              // A locked entry of a free organisation opens the upgrade prompt instead of a screen (SPEC §1).
              if (key.startsWith(UPGRADE)) return upgrade.open();
              onNavigate?.();
              void navigate(key);
            }}
            items={[
              ...entries.map(({ path, icon: Icon, label, locked, badge }) => {
                const shown = badge && !locked && badges[badge].count > 0 ? badges[badge] : null;
                // Icons are decorative (Ant Design would name them in English: "notification", "lock"); a
                // locked row says so in words instead.
                return {
                  key: locked ? `${UPGRADE}${path}` : path,
                  icon: locked ? <LockOutlined aria-hidden /> : shown && collapsed ? <Badge dot offset={[-2, 2]}><Icon aria-hidden /></Badge> : <Icon aria-hidden />,
                  label: shown ? (
                    <span className="side-nav__badged">
                      <span className="side-nav__badged-text">{t(label)}</span>
                      <Badge count={shown.count} overflowCount={99} className="side-nav__badge" data-testid={shown.testId} aria-hidden />
                      <span className="sr-only">{t(shown.text, { count: shown.count })}</span>
                    </span>
                  ) : locked ? (
                    <>
                      {t(label)} <span className="sr-only">{t("nav.lockedHint")}</span>
                    </>
                  ) : (
                    t(label)
                  ),
                  "data-testid": `nav-${path.slice("/v3/".length)}${locked ? "-locked" : ""}`,
                };
              }),
              ...customDashboards.map((d) => ({ ...d, icon: <FundViewOutlined aria-hidden /> })),
            ]}
          />
        </nav>
        {upgrade.element}
        <div className="side-nav__bottom">
          <Menu
            theme="dark"
            mode="inline"
            selectable={false}
            onClick={onLogout}
            items={[{ key: "logout", icon: <LogoutOutlined aria-hidden />, label: t("nav.logout"), danger: false }]}
          />
          <div className="side-nav__version" data-testid="portal-version">
            {collapsed ? PORTAL_VERSION : t("common.version", { version: PORTAL_VERSION })}
          </div>
        </div>
      </div>
    </>
  );
}
