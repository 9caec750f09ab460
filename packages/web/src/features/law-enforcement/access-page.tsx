import { useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Form, Input, Result, Typography } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useRuleText, VisitorFrame, useEmailRequest } from "../signup";
import { requestAccess } from "./law-enforcement-api";

/** `/v3/law-enforcement/access`: an institutional e-mail and the terms; the server mails the form's link. */
export function LawEnforcementAccessPage(): ReactNode {
  const { t } = useTranslation();
  const rule = useRuleText();
  const [terms, setTerms] = useState(false);
  const { email, setEmail, valid, sending, sentTo, error, submit } = useEmailRequest((address) => requestAccess(address, terms));

  return (
    <VisitorFrame testId="law-enforcement-access">
      <div className="visitor-card">
        {sentTo ? (
          <Result
            status="success"
            title={<h1 style={{ fontSize: 24, margin: 0 }}>{t("lawEnforcement.sentTitle")}</h1>}
            subTitle={t("lawEnforcement.sentText", { email: sentTo })}
            data-testid="le-access-sent"
          />
        ) : (
          <>
            <Typography.Title level={1} style={{ fontSize: 28, marginBottom: 4 }}>
              {t("lawEnforcement.accessTitle")}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t("lawEnforcement.accessSubtitle")}</Typography.Paragraph>
            <Form layout="vertical" requiredMark={false} size="large" onFinish={() => void submit()} disabled={sending}>
              <Form.Item label={t("lawEnforcement.email")} htmlFor="le-email" validateStatus={email && !valid ? "error" : undefined} help={email && !valid ? rule("emailInvalid") : undefined}>
                <Input id="le-email" prefix={<MailOutlined />} value={email} onChange={(e) => setEmail(e.target.value)} placeholder={t("lawEnforcement.emailPlaceholder")} autoComplete="email" inputMode="email" data-testid="le-email" />
              </Form.Item>
              <Form.Item>
                <Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} data-testid="le-terms">
                  {t("lawEnforcement.terms")}
                </Checkbox>
              </Form.Item>
              {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" data-testid="le-error" />}
              <Button type="primary" htmlType="submit" block loading={sending} disabled={!valid || !terms} data-testid="le-submit">
                {t("lawEnforcement.send")}
              </Button>
            </Form>
            <div className="visitor-card__links">
              <Link to="/">{t("common.backHome")}</Link>
            </div>
          </>
        )}
      </div>
    </VisitorFrame>
  );
}
