import type { Comment, RealtimeMessage, Report } from "@atalaya/shared";

/** A complete report for unit tests (pending, normal priority, company 1); override what a test needs. */
export function buildReport(overrides: Partial<Report> = {}): Report {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    company_id: 1,
    status: "pending",
    displayStatus: overrides.status ?? "pending",
    closingKind: null,
    repeatedOf: null,
    type: 0,
    initialType: 0,
    title: null,
    description: `Reporte ${id}`,
    priority: "normal",
    observations: null,
    datetimeTtl: null,
    dueDate: null,
    reportFollowupId: id,
    latitude: -33.44,
    longitude: -70.65,
    address: "Huérfanos 1100, Santiago",
    timezone: "America/Santiago",
    zones: [10],
    filesMedia: [],
    likes: 0,
    dislikes: 0,
    abuseCounter: 0,
    commentsCount: 0,
    notesCount: 0,
    isAnonymous: false,
    isPrivate: false,
    stolenPlate: null,
    isCreatedByCompany: false,
    informerType: "user",
    contact: null,
    source: "app",
    user: null,
    notifyNeighbours: false,
    notificationNeighboursWasCanceled: false,
    assignedUser: null,
    assignedTeam: null,
    assignedPatrol: null,
    operatorWhoClosedReport: null,
    closedAt: null,
    userFollowerIds: [],
    tags: [],
    tagsUuids: [],
    deletedAt: null,
    deletedBy: null,
    createdAt: "2026-11-20T12:00:00.000Z",
    updatedAt: "2026-11-20T12:00:00.000Z",
    version: 1,
    can: { take: true, work: false, close: false, comment: true, note: true, assign: false, makePrivate: true, changeAddress: false, delete: false },
    ...overrides,
  };
}

/** A real-time message about a report. */
export function reportMessage(
  type: "newReport" | "updateReport" | "updateTtlReport",
  report: Report,
  companyId = report.company_id,
  seq = 1,
): RealtimeMessage {
  return { type, seq, companyId, data: { report } };
}

/** A comment for unit tests. */
export function buildComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 1,
    uuid: "c-1",
    report_id: 1,
    report_uuid: "00000000-0000-4000-8000-000000000001",
    body: "Hay humo en la esquina",
    user: { id: 50, name: "Francisca Díaz" },
    company_id: null,
    media: [],
    hidden: false,
    isOperator: false,
    isAuthor: false,
    companyName: null,
    created_at: "2026-11-20T12:05:00.000Z",
    ...overrides,
  };
}
