import type { Language, PushPayload } from "@atalaya/shared";
import { hasText, t } from "../http/texts.js";
import type { PushTarget } from "./push.repository.js";

// What a browser push says, in the recipient's language: a short sentence per notification kind (the
// portal's bell writes the full one), the `push` catalogue's (locales/<lang>/push.json, http/texts.ts).

/** The push of one notification: title, text, the portal page a click opens and a tag (one per notification). */
export function pushPayload(target: Pick<PushTarget, "notification" | "lang">): PushPayload {
  const lang: Language = target.lang === "en" || target.lang === "fr" ? target.lang : "es";
  const n = target.notification;
  const title = typeof n.data.reportTitle === "string" && n.data.reportTitle.trim() ? n.data.reportTitle.trim() : null;
  const report = title ?? t(lang, "push:report", { id: String(n.reportId ?? "") });
  // A gathering's answers to a form name the form.
  const kind = n.kind === "gatheringAnswered" && typeof n.data.title === "string" && n.data.title ? "gatheringAnsweredForm" : n.kind;
  const key = `push:${kind}`;
  const body = t(lang, hasText(key) ? key : "push:other", { actor: n.actorName ?? "Atalaya", report, title: String(n.data.title ?? "") });
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
