import type { Language } from "@atalaya/shared";

/** The mails the product sends; each has a subject and a plain-text body in es, en and fr. */
export const MAIL_TEMPLATES = ["signupKey", "verifyEmail", "passwordReset", "lawEnforcementLink", "lawEnforcementConfirmation", "dailySummary", "monthlySummary"] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

type Texts = Record<MailTemplate, { subject: string; text: string }>;

// {link}, {reference} and {hours} are filled from the mail's variables. A missing template or language
// is a compile error.
const TEXTS: Record<Language, Texts> = {
  es: {
    signupKey: {
      subject: "Crea tu cuenta gratuita de Atalaya",
      text: "Hola:\n\nPara crear la cuenta gratuita de tu organización abre este enlace (válido 7 días, un solo uso):\n\n{link}\n\nSi no lo pediste, ignora este correo.",
    },
    verifyEmail: {
      subject: "Confirma tu correo en Atalaya",
      text: "Hola:\n\nConfirma tu dirección de correo abriendo este enlace (válido 7 días):\n\n{link}\n\nSi no creaste una cuenta, ignora este correo.",
    },
    passwordReset: {
      subject: "Restablece tu contraseña de Atalaya",
      text: "Hola:\n\nPediste restablecer tu contraseña. Abre este enlace (válido 60 minutos, un solo uso):\n\n{link}\n\nSi no lo pediste, ignora este correo: tu contraseña no cambia.",
    },
    lawEnforcementLink: {
      subject: "Acceso al formulario de solicitudes de información",
      text: "Hola:\n\nPara enviar una solicitud de información abre este enlace (válido {hours} horas, un solo uso):\n\n{link}",
    },
    lawEnforcementConfirmation: {
      subject: "Solicitud recibida: {reference}",
      text: "Hola:\n\nRecibimos tu solicitud de información. Su número de referencia es {reference}; úsalo en toda comunicación sobre ella.",
    },
    dailySummary: {
      subject: "Resumen diario de Atalaya: {period}",
      text: "Hola {name}:\n\nEste es el resumen del {period} ({timezone}).\n\n{sections}\n\nPuedes dejar de recibir este correo en tus ajustes de notificaciones: {link}",
    },
    monthlySummary: {
      subject: "Resumen mensual de Atalaya: {period}",
      text: "Hola {name}:\n\nEste es el resumen de {period} ({timezone}).\n\n{sections}\n\nPuedes dejar de recibir este correo en tus ajustes de notificaciones: {link}",
    },
  },
  en: {
    signupKey: {
      subject: "Create your free Atalaya account",
      text: "Hello,\n\nTo create your organisation's free account open this link (valid for 7 days, single use):\n\n{link}\n\nIf you did not ask for it, ignore this e-mail.",
    },
    verifyEmail: {
      subject: "Confirm your e-mail on Atalaya",
      text: "Hello,\n\nConfirm your e-mail address by opening this link (valid for 7 days):\n\n{link}\n\nIf you did not create an account, ignore this e-mail.",
    },
    passwordReset: {
      subject: "Reset your Atalaya password",
      text: "Hello,\n\nYou asked to reset your password. Open this link (valid for 60 minutes, single use):\n\n{link}\n\nIf you did not ask for it, ignore this e-mail: your password does not change.",
    },
    lawEnforcementLink: {
      subject: "Access to the information request form",
      text: "Hello,\n\nTo send an information request open this link (valid for {hours} hours, single use):\n\n{link}",
    },
    lawEnforcementConfirmation: {
      subject: "Request received: {reference}",
      text: "Hello,\n\nWe received your information request. Its reference number is {reference}; quote it in any message about it.",
    },
    dailySummary: {
      subject: "Atalaya daily summary: {period}",
      text: "Hello {name},\n\nHere is the summary of {period} ({timezone}).\n\n{sections}\n\nYou can stop receiving this e-mail in your notification settings: {link}",
    },
    monthlySummary: {
      subject: "Atalaya monthly summary: {period}",
      text: "Hello {name},\n\nHere is the summary of {period} ({timezone}).\n\n{sections}\n\nYou can stop receiving this e-mail in your notification settings: {link}",
    },
  },
  fr: {
    signupKey: {
      subject: "Créez votre compte Atalaya gratuit",
      text: "Bonjour,\n\nPour créer le compte gratuit de votre organisation, ouvrez ce lien (valable 7 jours, usage unique) :\n\n{link}\n\nSi vous ne l'avez pas demandé, ignorez cet e-mail.",
    },
    verifyEmail: {
      subject: "Confirmez votre e-mail sur Atalaya",
      text: "Bonjour,\n\nConfirmez votre adresse e-mail en ouvrant ce lien (valable 7 jours) :\n\n{link}\n\nSi vous n'avez pas créé de compte, ignorez cet e-mail.",
    },
    passwordReset: {
      subject: "Réinitialisez votre mot de passe Atalaya",
      text: "Bonjour,\n\nVous avez demandé à réinitialiser votre mot de passe. Ouvrez ce lien (valable 60 minutes, usage unique) :\n\n{link}\n\nSi vous ne l'avez pas demandé, ignorez cet e-mail : votre mot de passe ne change pas.",
    },
    lawEnforcementLink: {
      subject: "Accès au formulaire de demande d'informations",
      text: "Bonjour,\n\nPour envoyer une demande d'informations, ouvrez ce lien (valable {hours} heures, usage unique) :\n\n{link}",
    },
    lawEnforcementConfirmation: {
      subject: "Demande reçue : {reference}",
      text: "Bonjour,\n\nNous avons reçu votre demande d'informations. Son numéro de référence est {reference} ; rappelez-le dans tout échange à son sujet.",
    },
    dailySummary: {
      subject: "Résumé quotidien Atalaya : {period}",
      text: "Bonjour {name},\n\nVoici le résumé du {period} ({timezone}).\n\n{sections}\n\nVous pouvez ne plus recevoir cet e-mail dans vos réglages de notifications : {link}",
    },
    monthlySummary: {
      subject: "Résumé mensuel Atalaya : {period}",
      text: "Bonjour {name},\n\nVoici le résumé de {period} ({timezone}).\n\n{sections}\n\nVous pouvez ne plus recevoir cet e-mail dans vos réglages de notifications : {link}",
    },
  },
};

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ""));

/** The subject and text of a template in lang, with its variables filled. */
export function renderMail(template: MailTemplate, lang: Language, vars: Record<string, string | number>): { subject: string; text: string } {
  const t = TEXTS[lang][template];
  return { subject: fill(t.subject, vars), text: fill(t.text, vars) };
}
