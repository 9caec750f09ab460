import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from "react";
import { Drawer, Layout } from "antd";
import { useToast } from "../../lib/use-toast";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { DEFAULT_TIMEZONE } from "@atalaya/shared";
import { FullPageLoader } from "../../components/full-page-loader";
import { isApiError } from "../../lib/api";
import { TimezoneContext } from "../../lib/dates";
import { STORAGE_KEYS, localStore, safeGet, safeSet } from "../../lib/storage";
import { AlarmProvider } from "../../features/alarm";
import { useMediaQuery } from "../../lib/use-media-query";
import { useLogout } from "../../features/auth";
import { RealtimeProvider } from "../../features/realtime";
import { clearSession, getSession } from "../../features/session";
import { getSelectedCompanyId, setSelectedCompanyId, fetchSettings, settingsQuery as settingsOf, settingsQueryKey, SettingsContext, useSettings, type SettingsContextValue } from "../../features/settings";
import { UpgradeScreen } from "../../features/company-settings";
import { AppHeader } from "./app-header";
import { ShellBanners } from "./shell-banners";
import { SIDER_WIDTH, SideNav } from "./side-nav";
import { lockedScreenAt, menuAccess, refusedScreenAt } from "./menu";

/** Ant Design's `md` breakpoint (screenMD, 768 px) and wider. */
const MD_AND_WIDER = "(min-width: 768px)";

/** The side navigation's state as the operator left it (remembered locally); on screens narrower than
 * `md` it starts collapsed so the panel keeps its room, and opens only while the operator wants it. */
function useSiderCollapsed(): [boolean, () => void, boolean] {
  const [stored, setStored] = useState(() => safeGet(localStore(), STORAGE_KEYS.siderCollapsed) === "true");
  const [openWhileNarrow, setOpenWhileNarrow] = useState(false);
  const narrow = !useMediaQuery(MD_AND_WIDER);
  const toggle = useCallback(() => {
    if (narrow) {
      setOpenWhileNarrow((open) => !open);
      return;
    }
    setStored((previous) => {
      safeSet(localStore(), STORAGE_KEYS.siderCollapsed, String(!previous));
      return !previous;
    });
  }, [narrow]);
  return [narrow ? !openWhileNarrow : stored, toggle, narrow];
}

/** The open screen; `/notAuth` when the menu's rule (menu.ts) refuses it to the user's role (SPEC §6),
 * or the upgrade screen in its place when it locks it for this organisation: the same rules whether the
 * screen was opened from the menu, its address, a reload or a link. */
function ScreenOrUpgrade(): ReactNode {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { settings } = useSettings();
  const access = useMemo(() => menuAccess(settings), [settings]);
  const refused = useMemo(() => refusedScreenAt(pathname, access), [pathname, access]);
  const locked = useMemo(() => lockedScreenAt(pathname, access), [pathname, access]);
  if (refused) return <Navigate to="/notAuth" replace />;
  return locked ? <UpgradeScreen key={locked.path} name={t(locked.label)} /> : <Outlet />;
}

/** `/v3/*`: loads the settings, opens the real-time channel and frames every signed-in screen. */
export function AppLayout(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useToast();
  const logout = useLogout();
  const [collapsed, toggleCollapsed, narrow] = useSiderCollapsed();
  const [companyId, setCompanyId] = useState<number | null>(getSelectedCompanyId);
  const [switching, setSwitching] = useState(false);

  const settingsQuery = useQuery(settingsOf(companyId));
  const settings = settingsQuery.data;
  // The shell's first render (header, navigation and the screen inside, with their components' first
  // styles) happens in the background, in slices the browser can interleave, instead of as one task
  // of seconds on a phone when the settings arrive. Later settings (another organisation) show at once.
  const shellReady = useDeferredValue(settings !== undefined);

  // SPEC §2: if the settings fetch at start fails, back to login (a 401 is already handled by the API client).
  const startFailed =
    settingsQuery.isError && settings === undefined && !(isApiError(settingsQuery.error) && settingsQuery.error.status === 401);
  useEffect(() => {
    // A session a 401 already ended (its query may then fail again, cancelled) goes to the login with
    // the from marker: the API client's 401 handling decides, not this.
    if (!startFailed || getSession() === null) return;
    clearSession("settingsFailed");
    navigate("/v3/login", { replace: true });
  }, [startFailed, navigate]);

  const selectCompany = useCallback(
    (nextId: number) => {
      setSwitching(true);
      queryClient
        .fetchQuery({
          queryKey: settingsQueryKey(nextId),
          queryFn: ({ signal }) => fetchSettings(nextId, signal, { fallbackToDefault: false }),
        })
        .then(() => {
          setSelectedCompanyId(nextId);
          setCompanyId(nextId);
          queryClient.removeQueries({ queryKey: ["reports"] });
          navigate("/v3/events");
        })
        .catch((error: unknown) => {
          if (isApiError(error) && error.status === 401) return;
          void message.error(isApiError(error) ? error.message : t("errors.generalError"));
        })
        .finally(() => setSwitching(false));
    },
    [message, navigate, queryClient, t],
  );

  const context = useMemo<SettingsContextValue | null>(
    () => (settings ? { settings, switching, selectCompany } : null),
    [settings, switching, selectCompany],
  );

  if (!settings || !context || !shellReady) return <FullPageLoader label={t("shell.loading")} />;

  const timezone = settings.user.timezone || settings.company.timezone || DEFAULT_TIMEZONE;

  return (
    <SettingsContext.Provider value={context}>
      <TimezoneContext.Provider value={timezone}>
        <RealtimeProvider companyId={settings.company.id} userId={settings.user.id}>
          <AlarmProvider>
            <Layout className="app-shell">
              {narrow ? (
                // Phones: the navigation is an overlay drawer; the screen keeps its whole width.
                <Drawer
                  placement="left"
                  open={!collapsed}
                  onClose={toggleCollapsed}
                  size={SIDER_WIDTH}
                  closable={false}
                  className="side-nav side-nav--drawer"
                  data-testid="side-nav"
                  styles={{ body: { padding: 0 } }}
                  title={null}
                >
                  <SideNav drawer collapsed={false} onLogout={() => void logout()} onNavigate={toggleCollapsed} />
                </Drawer>
              ) : (
                <SideNav collapsed={collapsed} onLogout={() => void logout()} />
              )}
              <Layout className="app-shell__main">
                <AppHeader collapsed={collapsed} onToggle={toggleCollapsed} />
                <ShellBanners />
                <Layout.Content className="app-content">
                  <ScreenOrUpgrade />
                </Layout.Content>
              </Layout>
            </Layout>
          </AlarmProvider>
        </RealtimeProvider>
      </TimezoneContext.Provider>
    </SettingsContext.Provider>
  );
}
