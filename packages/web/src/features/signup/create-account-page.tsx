import { useEffect, useState, type ReactNode } from "react";
import { Alert, Button, Form, Input, Select, Typography, notification as antdNotification } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import {
  LANGUAGES,
  ORGANISATION_CATEGORIES,
  SIGNUP_CITY_TYPE_IDS,
  SIGNUP_SECURITY_TYPE_IDS,
  SIGNUP_ZONE_FILL,
  ZONE_STROKE,
  emailSchema,
  isSignupPassword,
  normalizePhone,
  type Language,
  type OrganisationCategory,
} from "@atalaya/shared";
import { changeLanguage, isLanguage, visitorLanguage } from "../../lib/i18n";
import { recordEvent } from "../../lib/analytics";
import { isApiError } from "../../lib/api";
import { login } from "../auth";
import { saveSession } from "../session";
import { fetchSettings, settingsQueryKey, getSelectedCompanyId } from "../settings";
import { CaptchaField } from "./captcha-field";
import { useRuleText } from "./rule-text";
import { keyEmail, postLead, register } from "./signup-api";
import { TypeCards } from "./type-cards";
import { VisitorFrame } from "./visitor-frame";
import { ZoneStep, type ZoneValue } from "./zone-step";

/** SPEC §2's five steps, in order (SPEC §2 Onboarding phases). */
const STEPS = ["personal", "team", "zone", "security", "city"] as const;
type Step = (typeof STEPS)[number];

interface Personal {
  firstName: string;
  lastName: string;
  password: string;
  email: string;
}
interface Team {
  organizationName: string;
  category: OrganisationCategory | undefined;
  activities: string;
  contactPhone: string;
}

const filled = (v: string) => v.trim().length > 0;

/** `/v3/create-account` (SPEC §2, §4, §5): five steps, then the registration, the automatic sign-in and /v3/. */
export function CreateAccountPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const rule = useRuleText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The visitor pages have no <App> of their own: the notification's holder is rendered below.
  const [notification, notificationHolder] = antdNotification.useNotification();
  const [params] = useSearchParams();
  const [key, setKey] = useState<string | null>(params.get("key"));
  const [keyProblem, setKeyProblem] = useState(false);
  const [step, setStep] = useState<Step>("personal");
  const [sending, setSending] = useState(false);
  const interfaceLang = i18n.resolvedLanguage ?? i18n.language;
  const [personal, setPersonal] = useState<Personal>({ firstName: "", lastName: "", password: "", email: "" });
  // The account's language follows the interface's (the visitor's: useVisitorLanguage) until the visitor
  // picks one.
  const [langChoice, setLangChoice] = useState<Language | null>(null);
  const accountLang: Language = langChoice ?? (isLanguage(interfaceLang) ? interfaceLang : visitorLanguage());
  const [team, setTeam] = useState<Team>({ organizationName: "", category: undefined, activities: "", contactPhone: "" });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [zone, setZone] = useState<ZoneValue>({ areaName: "", polygon: null, coordinates: null });
  const [types, setTypes] = useState<Set<number>>(new Set());
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  // A key binds an e-mail: prefilled and fixed; an unusable one is dropped (the account is then unverified).
  useEffect(() => {
    if (!key) return;
    let live = true;
    keyEmail(key)
      .then((email) => live && setPersonal((p) => ({ ...p, email })))
      .catch(() => {
        if (!live) return;
        setKey(null);
        setKeyProblem(true);
      });
    return () => {
      live = false;
    };
    // Checked once, for the key the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const index = STEPS.indexOf(step);
  const go = (to: Step) => {
    if (!sending) setStep(to);
  };
  const touch = (field: string) => setTouched((x) => ({ ...x, [field]: true }));
  const problem = (field: string, bad: boolean, code: Parameters<typeof rule>[0]) =>
    touched[field] && bad ? { validateStatus: "error" as const, help: rule(code) } : {};

  const personalOk = filled(personal.firstName) && filled(personal.lastName) && isSignupPassword(personal.password) && emailSchema.safeParse(personal.email).success;
  const teamOk = filled(team.organizationName) && team.category !== undefined && filled(team.activities) && normalizePhone(team.contactPhone) !== null && captcha !== null;
  const zoneOk = filled(zone.areaName) && zone.polygon !== null && zone.coordinates !== null && !sending;
  const typesOk = types.size > 0;

  const toggleType = (id: number) =>
    setTypes((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const afterTeam = () => {
    // SPEC §2/§7: the organisation step's lead goes to the lead-capture service; never blocking.
    void postLead({
      email: personal.email.trim(),
      firstName: personal.firstName.trim(),
      lastName: personal.lastName.trim(),
      organization: { name: team.organizationName.trim(), category: team.category!, activities: team.activities.trim(), contactPhone: team.contactPhone.trim() },
    });
    go("zone");
  };

  const submit = async () => {
    setSending(true);
    const email = personal.email.trim();
    try {
      const ring = zone.polygon!.coordinates[0]!;
      const result = await register({
        user: { firstName: personal.firstName.trim(), lastName: personal.lastName.trim(), password: personal.password, email, lang: accountLang },
        organization: { name: team.organizationName.trim(), category: team.category!, activities: team.activities.trim(), contactPhone: team.contactPhone.trim() },
        zone: { name: zone.areaName, polygon: { type: "Polygon", coordinates: [ring] }, fillColor: SIGNUP_ZONE_FILL, borderColor: ZONE_STROKE },
        reportsTypes: [...types],
        ...(key ? { key } : {}),
        captcha: captcha!,
      });
      if (result.success !== true) throw new Error("registration refused");
      const signedIn = await login(email, personal.password);
      if (!signedIn.success || !signedIn.user) throw new Error(signedIn.error ?? "login failed");
      saveSession({ token: signedIn.user.access_token, userId: signedIn.user.id });
      const companyId = getSelectedCompanyId();
      queryClient.setQueryData(settingsQueryKey(companyId), await fetchSettings(companyId));
      // The portal speaks the account's language from its first screen on, and on later visits.
      await changeLanguage(accountLang);
      navigate("/v3/", { replace: true });
    } catch (err) {
      // SPEC §8: the toast titled 'Error' at top centre, never dismissed by itself; the form is usable again.
      setSending(false);
      const field = isApiError(err) ? err.fields[0] : undefined;
      notification.error({
        title: t("signup.errorTitle"),
        description: field?.message ?? t("signup.submitError"),
        placement: "top",
        duration: 0,
        key: "signup-error",
      });
      recordEvent("signup_registration_failed", { status: isApiError(err) ? err.status : 0, code: isApiError(err) ? err.code : null, field: field?.field ?? null });
    }
  };

  const canContinue: Record<Step, boolean> = { personal: personalOk, team: teamOk, zone: zoneOk, security: typesOk, city: typesOk };
  const next: Record<Step, () => void> = {
    personal: () => go("team"),
    team: afterTeam,
    zone: () => go("security"),
    security: () => go("city"),
    city: () => void submit(),
  };

  return (
    <VisitorFrame wide={index >= 2} testId="create-account">
      {notificationHolder}
      <div className="visitor-card">
        <div className="signup-steps-head">
          {index > 0 && (
            <Button
              type="text"
              shape="circle"
              icon={<ArrowLeftOutlined />}
              aria-label={t("signup.back")}
              disabled={sending}
              onClick={() => go(STEPS[index - 1]!)}
              data-testid="signup-back"
            />
          )}
          <div>
            <Typography.Text type="secondary" data-testid="signup-step">{t("signup.stepOf", { step: index + 1, total: STEPS.length })}</Typography.Text>
            <h1>{t(`signup.steps.${step}.title`)}</h1>
            <Typography.Text type="secondary">{t(`signup.steps.${step}.subtitle`)}</Typography.Text>
          </div>
        </div>

        {keyProblem && step === "personal" && <Alert type="warning" showIcon title={t("signup.keyInvalid")} style={{ marginBottom: 16 }} />}

        <Form layout="vertical" requiredMark={false} size="large" disabled={sending} onFinish={() => canContinue[step] && next[step]()}>
          {step === "personal" && (
            <>
              <Form.Item label={t("signup.fields.firstName")} htmlFor="signup-first-name" {...problem("firstName", !filled(personal.firstName), "firstNameRequired")}>
                <Input id="signup-first-name" autoComplete="given-name" maxLength={60} value={personal.firstName} onBlur={() => touch("firstName")} onChange={(e) => setPersonal({ ...personal, firstName: e.target.value })} data-testid="signup-first-name" />
              </Form.Item>
              <Form.Item label={t("signup.fields.lastName")} htmlFor="signup-last-name" {...problem("lastName", !filled(personal.lastName), "lastNameRequired")}>
                <Input id="signup-last-name" autoComplete="family-name" maxLength={60} value={personal.lastName} onBlur={() => touch("lastName")} onChange={(e) => setPersonal({ ...personal, lastName: e.target.value })} data-testid="signup-last-name" />
              </Form.Item>
              <Form.Item label={t("signup.fields.email")} htmlFor="signup-email" {...problem("email", !emailSchema.safeParse(personal.email).success, "emailInvalid")}>
                <Input id="signup-email" autoComplete="email" inputMode="email" disabled={Boolean(key)} value={personal.email} onBlur={() => touch("email")} onChange={(e) => setPersonal({ ...personal, email: e.target.value })} data-testid="signup-email" />
              </Form.Item>
              <Form.Item
                label={t("signup.fields.password")}
                htmlFor="signup-password"
                extra={touched.password && !isSignupPassword(personal.password) ? undefined : t("signup.fields.passwordHelp")}
                {...problem("password", !isSignupPassword(personal.password), "signupPassword")}
              >
                <Input.Password id="signup-password" autoComplete="new-password" maxLength={12} value={personal.password} onBlur={() => touch("password")} onChange={(e) => setPersonal({ ...personal, password: e.target.value })} data-testid="signup-password" />
              </Form.Item>
              <Form.Item label={t("signup.fields.language")} htmlFor="signup-lang">
                <Select<Language>
                  id="signup-lang"
                  value={accountLang}
                  onChange={setLangChoice}
                  options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                  data-testid="signup-lang"
                />
              </Form.Item>
            </>
          )}

          {step === "team" && (
            <>
              <Form.Item label={t("signup.fields.organization")} htmlFor="signup-org" {...problem("org", !filled(team.organizationName), "organizationRequired")}>
                <Input id="signup-org" maxLength={80} autoComplete="organization" value={team.organizationName} onBlur={() => touch("org")} onChange={(e) => setTeam({ ...team, organizationName: e.target.value })} data-testid="signup-org" />
              </Form.Item>
              <Form.Item label={t("signup.fields.category")} htmlFor="signup-category">
                <Select<OrganisationCategory>
                  id="signup-category"
                  value={team.category}
                  onChange={(category) => setTeam({ ...team, category })}
                  options={ORGANISATION_CATEGORIES.map((c) => ({ value: c, label: t(`signup.categories.${c}`) }))}
                  data-testid="signup-category"
                />
              </Form.Item>
              <Form.Item label={t("signup.fields.activities")} htmlFor="signup-activities" {...problem("activities", !filled(team.activities), "activitiesRequired")}>
                <Input.TextArea id="signup-activities" rows={3} maxLength={500} placeholder={t("signup.fields.activitiesPlaceholder")} value={team.activities} onBlur={() => touch("activities")} onChange={(e) => setTeam({ ...team, activities: e.target.value })} data-testid="signup-activities" />
              </Form.Item>
              <Form.Item label={t("signup.fields.contactPhone")} htmlFor="signup-phone" {...problem("phone", normalizePhone(team.contactPhone) === null, "phoneInvalid")}>
                <Input id="signup-phone" type="tel" autoComplete="tel" maxLength={30} placeholder="+56 9 1234 5678" value={team.contactPhone} onBlur={() => touch("phone")} onChange={(e) => setTeam({ ...team, contactPhone: e.target.value })} data-testid="signup-phone" />
              </Form.Item>
              <Form.Item label={t("signup.fields.captcha")} htmlFor="signup-captcha">
                <CaptchaField id="signup-captcha" onChange={setCaptcha} />
              </Form.Item>
            </>
          )}

          {step === "zone" && <ZoneStep value={zone} onChange={setZone} />}

          {(step === "security" || step === "city") && (
            <>
              <TypeCards ids={step === "security" ? SIGNUP_SECURITY_TYPE_IDS : SIGNUP_CITY_TYPE_IDS} selected={types} onToggle={toggleType} disabled={sending} />
              <Typography.Paragraph type={typesOk ? "secondary" : "warning"} style={{ marginTop: 16 }} aria-live="polite" data-testid="signup-types-count">
                {typesOk ? t("signup.types.selected", { count: types.size }) : t("signup.types.atLeastOne")}
              </Typography.Paragraph>
            </>
          )}

          <Button type="primary" htmlType="submit" block loading={sending} disabled={!canContinue[step]} style={{ marginTop: 16, maxWidth: step === "zone" ? 720 : undefined }} data-testid="signup-next">
            {step === "city" ? t("signup.submit") : t("signup.next")}
          </Button>
        </Form>
      </div>
    </VisitorFrame>
  );
}
