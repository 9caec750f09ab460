// The 409 reasons of the report's remaining life (review, gathering, rating, substatus) and their texts in
// every portal language. No zod here: the portal's first download (es-core.ts) reads these texts.


export const REPORT_LIFE_REASON_CODES = [
  /** The report's review was already decided (approved or discarded). */
  "alreadyReviewed",
  /** A gathering is waiting for the reporter's answers: clear it before starting another. */
  "gatheringActive",
  /** The report's reporter has no app account to receive questions. */
  "noReporter",
  /** The report has no gathering (to clear or to answer). */
  "noGathering",
  /** The reporter already answered this gathering. */
  "gatheringCompleted",
  /** Only a closed report can be rated. */
  "notClosed",
  /** The reporter already rated this report. */
  "alreadyRated",
  /** Another substatus of the company has that name. */
  "substatusNameTaken",
] as const;
export type ReportLifeReason = (typeof REPORT_LIFE_REASON_CODES)[number];

/** The 409 texts of this feature (the API's message and the portal's alert). */
export const REPORT_LIFE_REASON_TEXTS: Record<"es" | "en" | "fr", Record<ReportLifeReason, string>> = {
  es: {
    alreadyReviewed: "Este reporte ya fue revisado",
    gatheringActive: "Ya hay preguntas esperando la respuesta del informante; bórralas antes de enviar otras",
    noReporter: "El informante de este reporte no tiene una cuenta en la aplicación para recibir preguntas",
    noGathering: "Este reporte no tiene una recopilación de información",
    gatheringCompleted: "Estas preguntas ya fueron respondidas",
    notClosed: "Solo se puede calificar un reporte cerrado",
    alreadyRated: "Este reporte ya fue calificado",
    substatusNameTaken: "Ya existe un subestado con ese nombre",
  },
  en: {
    alreadyReviewed: "This report was already reviewed",
    gatheringActive: "Questions are already waiting for the reporter's answers; clear them before sending others",
    noReporter: "This report's reporter has no app account to receive questions",
    noGathering: "This report has no information gathering",
    gatheringCompleted: "These questions were already answered",
    notClosed: "Only a closed report can be rated",
    alreadyRated: "This report was already rated",
    substatusNameTaken: "A substatus with that name already exists",
  },
  fr: {
    alreadyReviewed: "Ce signalement a déjà été examiné",
    gatheringActive: "Des questions attendent déjà les réponses de l'auteur ; effacez-les avant d'en envoyer d'autres",
    noReporter: "L'auteur de ce signalement n'a pas de compte dans l'application pour recevoir des questions",
    noGathering: "Ce signalement n'a pas de collecte d'informations",
    gatheringCompleted: "Ces questions ont déjà reçu une réponse",
    notClosed: "Seul un signalement clôturé peut être noté",
    alreadyRated: "Ce signalement a déjà été noté",
    substatusNameTaken: "Un sous-état porte déjà ce nom",
  },
};
