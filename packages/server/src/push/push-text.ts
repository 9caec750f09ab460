import type { Language, PushPayload } from "@atalaya/shared";
import type { PushTarget } from "./push.repository.js";

// What a browser push says, in the recipient's language: a short sentence per notification kind (the
// portal's bell writes the full one).
const TEXTS: Record<Language, Record<string, string>> = {
  es: {
    assigned: "{actor} te asignó {report}",
    teamAssigned: "{actor} asignó {report} a tu equipo",
    mention: "{actor} te mencionó en {report}",
    followedComment: "Nuevo comentario en {report}, que sigues",
    followedStatus: "{report}, que sigues, cambió de estado",
    followedUpdate: "{report}, que sigues, fue actualizado",
    collaboratorMessage: "{actor}: {title}",
    gatheringAnswered: "El informante respondió las preguntas sobre {report}",
    gatheringAnsweredForm: "El informante respondió el formulario «{title}» sobre {report}",
    reviewWaiting: "Un reporte espera tu revisión: {report}",
    other: "Tienes una notificación nueva",
    report: "el reporte #{id}",
  },
  en: {
    assigned: "{actor} assigned {report} to you",
    teamAssigned: "{actor} assigned {report} to your team",
    mention: "{actor} mentioned you on {report}",
    followedComment: "New comment on {report}, which you follow",
    followedStatus: "{report}, which you follow, changed status",
    followedUpdate: "{report}, which you follow, was updated",
    collaboratorMessage: "{actor}: {title}",
    gatheringAnswered: "The reporter answered the questions on {report}",
    gatheringAnsweredForm: "The reporter answered the form “{title}” on {report}",
    reviewWaiting: "A report is waiting for your review: {report}",
    other: "You have a new notification",
    report: "report #{id}",
  },
  fr: {
    assigned: "{actor} vous a attribué {report}",
    teamAssigned: "{actor} a attribué {report} à votre équipe",
    mention: "{actor} vous a mentionné dans {report}",
    followedComment: "Nouveau commentaire sur {report}, que vous suivez",
    followedStatus: "{report}, que vous suivez, a changé de statut",
    followedUpdate: "{report}, que vous suivez, a été mis à jour",
    collaboratorMessage: "{actor} : {title}",
    gatheringAnswered: "L'informateur a répondu aux questions sur {report}",
    gatheringAnsweredForm: "L'informateur a répondu au formulaire « {title} » sur {report}",
    reviewWaiting: "Un signalement attend votre examen : {report}",
    other: "Vous avez une nouvelle notification",
    report: "le signalement #{id}",
  },
};

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? "");

/** The push of one notification: title, text, the portal page a click opens and a tag (one per notification). */
export function pushPayload(target: Pick<PushTarget, "notification" | "lang">): PushPayload {
  const lang: Language = target.lang === "en" || target.lang === "fr" ? target.lang : "es";
  const n = target.notification;
  const t = TEXTS[lang];
  const title = typeof n.data.reportTitle === "string" && n.data.reportTitle.trim() ? n.data.reportTitle.trim() : null;
  const report = title ?? fill(t.report!, { id: String(n.reportId ?? "") });
  // A gathering's answers to a form name the form.
  const kind = n.kind === "gatheringAnswered" && typeof n.data.title === "string" && n.data.title ? "gatheringAnsweredForm" : n.kind;
  const body = fill(t[kind] ?? t.other!, { actor: n.actorName ?? "Atalaya", report, title: String(n.data.title ?? "") });
  const url =
    n.kind === "collaboratorMessage" && typeof n.data.messageId === "number"
      ? `/v3/collaborators/messages?open=${n.data.messageId}`
      : n.kind === "reviewWaiting"
        ? "/v3/reviews"
        : n.reportUuid
          ? `/v3/events/${n.reportUuid}`
          : "/v3/events";
  return { title: "Atalaya", body, url, tag: `notification-${n.id}` };
}
