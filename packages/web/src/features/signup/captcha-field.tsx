import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "altcha/external";
import "altcha/altcha.css";
import workerUrl from "altcha/worker?worker&url";
import { CAPTCHA_CHALLENGE_URL } from "./signup-api";

// The widget's proof of work runs in a worker file of this origin (the CSP allows no blob: workers).
(globalThis as unknown as { altchaCreateWorker: () => Worker }).altchaCreateWorker = () => new Worker(workerUrl);

/**
 * The organisation step's captcha: ALTCHA's widget solving a proof-of-work challenge from our own server
 * (self-hosted, no third party). `onChange` gets the payload once verified, null when it expires or fails.
 */
export function CaptchaField({ onChange, id }: { onChange: (payload: string | null) => void; id: string }): ReactNode {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const element = document.createElement("altcha-widget");
    element.setAttribute("challengeurl", CAPTCHA_CHALLENGE_URL);
    element.setAttribute("hidelogo", "");
    element.setAttribute("id", id);
    element.setAttribute(
      "strings",
      JSON.stringify({
        label: t("signup.captcha.label"),
        verifying: t("signup.captcha.verifying"),
        verified: t("signup.captcha.verified"),
        error: t("signup.captcha.error"),
        expired: t("signup.captcha.expired"),
        footer: t("signup.captcha.footer"),
        ariaLinkLabel: t("signup.captcha.footer"),
        waitAlert: t("signup.captcha.verifying"),
      }),
    );
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      changed.current(detail.state === "verified" && detail.payload ? detail.payload : null);
    };
    element.addEventListener("statechange", onState);
    host.current?.appendChild(element);
    return () => {
      element.removeEventListener("statechange", onState);
      element.remove();
    };
  }, [t, id]);

  return <div ref={host} className="signup-captcha" data-testid="signup-captcha" />;
}
