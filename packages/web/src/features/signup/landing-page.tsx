import type { ReactNode } from "react";
import { Button } from "antd";
import { LoginOutlined, SafetyCertificateOutlined, UserAddOutlined } from "@ant-design/icons";
import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../session";
import { VisitorFrame } from "./visitor-frame";

/** `/`: what the portal is and its doors (sign in, a free account, law enforcement); a signed-in
 * visitor goes to the events panel. */
export function LandingPage(): ReactNode {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (session) return <Navigate to="/v3/events" replace />;
  const doors = [
    { key: "signIn", to: "/v3/login", icon: <LoginOutlined />, title: t("signup.landing.signIn"), text: t("signup.landing.signInText"), primary: false },
    { key: "create", to: "/v3/preregister", icon: <UserAddOutlined />, title: t("signup.landing.createAccount"), text: t("signup.landing.createAccountText"), primary: true },
    { key: "law", to: "/v3/law-enforcement/access", icon: <SafetyCertificateOutlined />, title: t("signup.landing.lawEnforcement"), text: t("signup.landing.lawEnforcementText"), primary: false },
  ];
  return (
    <VisitorFrame wide testId="landing">
      <section className="landing-hero">
        <h1>{t("signup.landing.title")}</h1>
        <p>{t("signup.landing.subtitle")}</p>
      </section>
      <nav aria-label={t("signup.landing.navLabel")}>
        <ul className="landing-doors">
          {doors.map((d) => (
            <li key={d.key} className="landing-door">
              <span className="landing-door__icon" aria-hidden="true">{d.icon}</span>
              <h2>{d.title}</h2>
              <p>{d.text}</p>
              <Button
                type={d.primary ? "primary" : "default"}
                size="large"
                block
                href={d.to}
                data-testid={`landing-${d.key}`}
                onClick={(e) => {
                  e.preventDefault();
                  void navigate(d.to);
                }}
              >
                {d.title}
              </Button>
            </li>
          ))}
        </ul>
      </nav>
    </VisitorFrame>
  );
}
