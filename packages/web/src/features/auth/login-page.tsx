import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Button, Form, Input } from "antd";
import { CheckCircleFilled, CloseCircleFilled, LockOutlined, MailOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { LOGIN_SHAKE_MS, PORTAL_VERSION, VALIDATION_ERROR_DISPLAY_MS } from "@atalaya/shared";
import { BrandLogo } from "../../components/brand-logo";
import { LanguageSegmented } from "../../components/language-switch";
import { takeReturnTo, clearSession, saveSession, useSession, SIGNED_IN_HOME } from "../session";
import { FullPageLoader } from "../../components/full-page-loader";
import { getSelectedCompanyId, loadSettingsApi } from "../settings";
import { loginErrorText } from "./login-error";
import { loginShellReplaced, takeLoginShell } from "./login-shell";

interface LoginValues {
  email: string;
  password: string;
}

const FROM_MARKERS = ["10", "11", "requestAsync"] as const;

let signInCode: Promise<[typeof import("./auth-api"), Awaited<ReturnType<typeof loadSettingsApi>>]> | null = null;

/** What signing in runs (the calls and their response schemas, so zod): loaded when the operator starts
 * typing, not before the form shows. */
function loadSignInCode(): NonNullable<typeof signInCode> {
  if (!signInCode) {
    signInCode = Promise.all([import("./auth-api"), loadSettingsApi()]);
    // A failed load (the network was gone) is tried again on the next attempt.
    signInCode.catch(() => {
      signInCode = null;
    });
  }
  return signInCode;
}

/** `/v3/login`: credentials form, the `from` marker notice, and the redirect after signing in. */
export function LoginPage(): ReactNode {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shaking, setShaking] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // What was typed on the prerendered form this page replaces (none when it was not prerendered).
  const [shell] = useState(takeLoginShell);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    if (!shell || !loginShellReplaced()) return;
    if (shell.focused === "password") form.getFieldInstance("password")?.focus();
    if (shell.submitted) form.submit();
  }, [shell, form]);

  // A session created by this form is handled by `onFinish`; an existing one goes straight to the panel,
  // with the loader on screen while the panel's code arrives (never a blank page). A page load of the
  // login route with a session starts on the panel instead (signed-in-redirect.ts).
  if (session && !submitting)
    return (
      <>
        <Navigate to={SIGNED_IN_HOME} replace />
        <FullPageLoader label={t("common.loading")} />
      </>
    );

  const from = searchParams.get("from");
  const marker = FROM_MARKERS.find((value) => value === from);
  // The e-mail verification link (signup) lands here with verified=1, or verified=0 when it failed.
  const verified = searchParams.get("verified");

  const fail = (text: string): void => {
    timers.current.forEach(clearTimeout);
    setError(text);
    setShaking(true);
    timers.current = [
      setTimeout(() => setShaking(false), LOGIN_SHAKE_MS),
      setTimeout(() => setError(null), VALIDATION_ERROR_DISPLAY_MS),
    ];
  };

  const onFinish = async ({ email, password }: LoginValues): Promise<void> => {
    setSubmitting(true);
    setError(null);
    const generalError = t("errors.generalError");
    try {
      const [{ login }, { fetchSettings, settingsQueryKey }] = await loadSignInCode();
      const response = await login(email.trim(), password);
      if (!response.success || !response.user) {
        setSubmitting(false);
        fail(response.error ?? generalError);
        return;
      }
      saveSession({ token: response.user.access_token, userId: response.user.id });
      const companyId = getSelectedCompanyId();
      let settings;
      try {
        settings = await fetchSettings(companyId);
      } catch {
        // SPEC §8: a settings failure right after login is a generalError and clears local storage.
        clearSession("settingsFailed");
        setSubmitting(false);
        fail(generalError);
        return;
      }
      queryClient.setQueryData(settingsQueryKey(companyId), settings);
      const returnTo = takeReturnTo();
      const target = returnTo ?? (settings.user.settings.portal_version === "v1" ? "/" : "/v3/");
      navigate(target, { replace: true });
    } catch (failure) {
      setSubmitting(false);
      fail(loginErrorText(failure, generalError));
    }
  };

  return (
    <div className="login-screen">
      <div className={`login-card${shaking ? " login-card--shake" : ""}`} data-testid="login-card">
        <aside className="login-card__hero" aria-hidden="true">
          <BrandLogo size={44} inverse />
          <div>
            <h2 className="login-card__hero-title">{t("login.heroTitle")}</h2>
            <p className="login-card__hero-text">{t("login.heroText")}</p>
            <ul className="login-card__points">
              {(["heroPoint1", "heroPoint2", "heroPoint3"] as const).map((key) => (
                <li key={key}>
                  <CheckCircleFilled /> {t(`login.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <span className="login-card__hero-foot">{t("common.tagline")}</span>
        </aside>

        <main className="login-card__form">
          <div className="login-card__topbar">
            <span className="login-card__compact-logo">
              <BrandLogo size={32} />
            </span>
            <LanguageSegmented />
          </div>

          <div className="login-card__heading">
            {/* Plain elements, not Ant Design's Typography: the login page is the first download. */}
            <h1 className="login-card__title">{t("login.title")}</h1>
            <span className="atalaya-secondary">{t("login.subtitle")}</span>
          </div>

          {marker && (
            <Alert
              type="warning"
              showIcon
              title={marker === "requestAsync" ? t("login.sessionExpired") : t("login.signInToContinue")}
              data-testid="session-notice"
              style={{ marginBottom: 20 }}
            />
          )}

          {(verified === "1" || verified === "0") && (
            <Alert
              type={verified === "1" ? "success" : "error"}
              showIcon
              role={verified === "1" ? "status" : "alert"}
              title={t(verified === "1" ? "login.emailVerified" : "login.emailVerificationFailed")}
              data-testid="verified-notice"
              style={{ marginBottom: 20 }}
            />
          )}

          <Form<LoginValues>
            form={form}
            name="login"
            initialValues={shell ? { email: shell.email, password: shell.password } : undefined}
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={(values) => void onFinish(values)}
            onValuesChange={() => void loadSignInCode().catch(() => undefined)}
            disabled={submitting}
          >
            <Form.Item
              label={t("login.email")}
              name="email"
              rules={[{ required: true, whitespace: true, message: t("login.emailRequired") }]}
            >
              <Input
                prefix={<MailOutlined />}
                placeholder={t("login.emailPlaceholder")}
                autoComplete="username"
                inputMode="email"
                autoFocus
              />
            </Form.Item>
            <Form.Item
              label={t("login.password")}
              name="password"
              rules={[{ required: true, message: t("login.passwordRequired") }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t("login.passwordPlaceholder")}
                autoComplete="current-password"
              />
            </Form.Item>

            <div className="login-card__error-slot" aria-live="assertive">
              {error && (
                <div className="login-card__error" role="alert">
                  <CloseCircleFilled />
                  <span data-testid="login-error">{error}</span>
                </div>
              )}
            </div>

            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t("login.submit")}
            </Button>
          </Form>

          <div className="login-card__links">
            <Link to="/v3/auth/forgetPassword" data-testid="forgot-link">{t("passwordReset.forgotLink")}</Link>
            <Link to="/v3/preregister" data-testid="create-account-link">{t("passwordReset.createLink")}</Link>
          </div>

          <span className="atalaya-secondary login-card__version" data-testid="portal-version">
            {t("common.version", { version: PORTAL_VERSION })}
          </span>
        </main>
      </div>
    </div>
  );
}
