import { useEffect, useState, type ReactNode } from "react";
import { Alert, Button, Form, Input, Result, Typography } from "antd";
import { Link, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PASSWORD_RESET_REDIRECT_MS, resetPasswordBodySchema } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { useRuleText, VisitorFrame } from "../signup";
import { resetPassword } from "./password-reset-api";

const passwordRule = resetPasswordBodySchema.shape.password;

/** `/v3/auth/resetPassword/{code}` and `/v2/auth/resetPassword/{code}`: the new password; after it is
 * saved, the login page in 10 seconds (SPEC §2, §9). */
export function ResetPasswordPage(): ReactNode {
  const { t } = useTranslation();
  const rule = useRuleText();
  const navigate = useNavigate();
  const { code = "" } = useParams();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [seconds, setSeconds] = useState(PASSWORD_RESET_REDIRECT_MS / 1000);
  const valid = passwordRule.safeParse(password).success;

  useEffect(() => {
    if (!done) return;
    const go = setTimeout(() => navigate("/v3/login", { replace: true }), PASSWORD_RESET_REDIRECT_MS);
    const tick = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => {
      clearTimeout(go);
      clearInterval(tick);
    };
  }, [done, navigate]);

  const submit = async () => {
    setSending(true);
    setError(null);
    try {
      await resetPassword(code, password);
      setDone(true);
    } catch (err) {
      setError(isApiError(err) ? (err.fields[0]?.message ?? err.message) : t("errors.generalError"));
    } finally {
      setSending(false);
    }
  };

  return (
    <VisitorFrame testId="reset-password">
      <div className="visitor-card">
        {done ? (
          <Result
            status="success"
            title={<h1 style={{ fontSize: 24, margin: 0 }}>{t("passwordReset.doneTitle")}</h1>}
            subTitle={<span aria-live="polite">{t("passwordReset.doneText", { seconds })}</span>}
            extra={<Link to="/v3/login">{t("passwordReset.goNow")}</Link>}
            data-testid="reset-done"
          />
        ) : (
          <>
            <Typography.Title level={1} style={{ fontSize: 28, marginBottom: 4 }}>
              {t("passwordReset.resetTitle")}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t("passwordReset.resetSubtitle")}</Typography.Paragraph>
            <Form layout="vertical" requiredMark={false} size="large" onFinish={() => void submit()} disabled={sending}>
              <Form.Item
                label={t("passwordReset.password")}
                htmlFor="reset-password"
                extra={t("passwordReset.passwordHelp")}
                validateStatus={password && !valid ? "error" : undefined}
                help={password && !valid ? rule("passwordLength") : undefined}
              >
                <Input.Password id="reset-password" autoComplete="new-password" maxLength={64} value={password} onChange={(e) => setPassword(e.target.value)} data-testid="reset-password" />
              </Form.Item>
              <Form.Item
                label={t("passwordReset.confirm")}
                htmlFor="reset-confirm"
                validateStatus={confirm && confirm !== password ? "error" : undefined}
                help={confirm && confirm !== password ? t("passwordReset.mismatch") : undefined}
              >
                <Input.Password id="reset-confirm" autoComplete="new-password" maxLength={64} value={confirm} onChange={(e) => setConfirm(e.target.value)} data-testid="reset-confirm" />
              </Form.Item>
              {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" data-testid="reset-error" />}
              <Button type="primary" htmlType="submit" block loading={sending} disabled={!valid || confirm !== password} data-testid="reset-submit">
                {t("passwordReset.save")}
              </Button>
            </Form>
            <div className="visitor-card__links">
              <Link to="/v3/auth/forgetPassword">{t("passwordReset.forgotLink")}</Link>
            </div>
          </>
        )}
      </div>
    </VisitorFrame>
  );
}
