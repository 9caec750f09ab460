import type { ReactNode } from "react";
import { Alert, Button, Form, Input, Result, Typography } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useRuleText, VisitorFrame, useEmailRequest } from "../signup";
import { forgotPassword } from "./password-reset-api";

/** `/v3/auth/forgetPassword`: the e-mail, then the same advice whether or not it has an account. */
export function ForgotPasswordPage(): ReactNode {
  const { t } = useTranslation();
  const rule = useRuleText();
  const { email, setEmail, valid, sending, sentTo, error, submit } = useEmailRequest((address) => forgotPassword(address));

  return (
    <VisitorFrame testId="forgot-password">
      <div className="visitor-card">
        {sentTo ? (
          <Result
            status="success"
            title={<h1 style={{ fontSize: 24, margin: 0 }}>{t("passwordReset.sentTitle")}</h1>}
            subTitle={t("passwordReset.sentText", { email: sentTo })}
            extra={<Link to="/v3/login">{t("passwordReset.backToLogin")}</Link>}
            data-testid="forgot-sent"
          />
        ) : (
          <>
            <Typography.Title level={1} style={{ fontSize: 28, marginBottom: 4 }}>
              {t("passwordReset.forgotTitle")}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t("passwordReset.forgotSubtitle")}</Typography.Paragraph>
            <Form layout="vertical" requiredMark={false} size="large" onFinish={() => void submit()} disabled={sending}>
              <Form.Item label={t("passwordReset.email")} htmlFor="forgot-email" validateStatus={email && !valid ? "error" : undefined} help={email && !valid ? rule("emailInvalid") : undefined}>
                <Input id="forgot-email" prefix={<MailOutlined />} value={email} onChange={(e) => setEmail(e.target.value)} placeholder={t("passwordReset.emailPlaceholder")} autoComplete="email" inputMode="email" data-testid="forgot-email" />
              </Form.Item>
              {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
              <Button type="primary" htmlType="submit" block loading={sending} disabled={!valid} data-testid="forgot-submit">
                {t("passwordReset.send")}
              </Button>
            </Form>
            <div className="visitor-card__links">
              <Link to="/v3/login">{t("passwordReset.backToLogin")}</Link>
            </div>
          </>
        )}
      </div>
    </VisitorFrame>
  );
}
