import type { Report } from "@atalaya/shared";
import { buildReport as buildAnyReport } from "../test-report";

/** A taken report (in progress, workable) for the detail's unit tests; override what a test is about. */
export function buildReport(overrides: Partial<Report> = {}): Report {
  return buildAnyReport({
    id: 41,
    uuid: "8f1c2d3e-0000-4000-8000-000000000041",
    status: "in_progress",
    displayStatus: "in_progress",
    description: "Robo en la esquina",
    reportFollowupId: 41,
    longitude: -70.655,
    address: "Av. Libertador Bernardo O'Higgins 1449",
    zones: [1],
    createdAt: "2026-03-01T12:00:00.000Z",
    updatedAt: "2026-03-01T12:00:00.000Z",
    version: 3,
    can: { take: false, work: true, close: true, comment: true, note: true, assign: true, makePrivate: true, changeAddress: true, delete: false },
    ...overrides,
  });
}
