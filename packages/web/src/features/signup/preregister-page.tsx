import { useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Form, Input, Result, Typography } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { preregister } from "./signup-api";
import { useRuleText } from "./rule-text";
import { VisitorFrame } from "./visitor-frame";
import { useEmailRequest } from "./use-email-request";

/** `/v3/preregister` (SPEC §2, §5): e-mail and the legal box, submit disabled until both; then the
 * success advice. */
export function PreregisterPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rule = useRuleText();
  const [legals, setLegals] = useState(false);
  const { email, setEmail, valid, sending, sentTo, error, submit } = useEmailRequest((address) => preregister(address));

  return (
    <VisitorFrame testId="preregister">
      <div className="visitor-card">
        {sentTo ? (
          <Result
            status="success"
            title={<h1 style={{ fontSize: 24, margin: 0 }}>{t("signup.preregister.successTitle")}</h1>}
            subTitle={t("signup.preregister.successText", { email: sentTo })}
            extra={
              <Button type="primary" onClick={() => void navigate("/v3/create-account")} data-testid="preregister-continue">
                {t("signup.preregister.continueWithout")}
              </Button>
            }
            data-testid="preregister-success"
          />
        ) : (
          <>
            <Typography.Title level={1} style={{ fontSize: 28, marginBottom: 4 }}>
              {t("signup.preregister.title")}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t("signup.preregister.subtitle")}</Typography.Paragraph>
            <Form layout="vertical" requiredMark={false} size="large" onFinish={() => void submit()} disabled={sending}>
              <Form.Item
                label={t("signup.preregister.email")}
                name="email"
                validateStatus={email && !valid ? "error" : undefined}
                help={email && !valid ? rule("emailInvalid") : undefined}
              >
                <Input
                  prefix={<MailOutlined />}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder={t("signup.preregister.emailPlaceholder")}
                  autoComplete="email"
                  inputMode="email"
                  data-testid="preregister-email"
                />
              </Form.Item>
              <Form.Item>
                <Checkbox checked={legals} onChange={(e) => setLegals(e.target.checked)} data-testid="preregister-legals">
                  {t("signup.preregister.legals")}
                </Checkbox>
              </Form.Item>
              {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
              <Button type="primary" htmlType="submit" block loading={sending} disabled={!valid || !legals} data-testid="preregister-submit">
                {t("signup.preregister.submit")}
              </Button>
            </Form>
            <div className="visitor-card__links">
              <Link to="/v3/login">{t("signup.preregister.haveAccount")}</Link>
            </div>
          </>
        )}
      </div>
    </VisitorFrame>
  );
}
