// The 409 reasons of the report's remaining life (review, gathering, rating, substatus). No zod here: the
// portal's first download (es-core.ts) reads these reasons.


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

// The 409 texts of this feature (the API's message and the portal's alert) are the `report-life`
// catalogue, locales/<lang>/report-life.json: one text per code.
