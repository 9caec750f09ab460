import { randomBytes } from "node:crypto";
import { rightHandPolygon, type LawEnforcementFile, type LawEnforcementRequest, type LawEnforcementState, type ZonePolygon } from "@atalaya/shared";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

type RequestRow = Pick<
  Tables["law_enforcement_requests"],
  | "id"
  | "reference"
  | "email"
  | "agency"
  | "officer_name"
  | "officer_rank"
  | "case_number"
  | "legal_basis"
  | "report_ids"
  | "area"
  | "window_start"
  | "window_end"
  | "attachments"
  | "state"
  | "created_at"
  | "updated_at"
> & {
  area: ZonePolygon | null;
  state: LawEnforcementState;
  /** The request's files (FILES: a JSON array of them), null where the statement reads none. */
  files: FileRow[] | null;
};

/** A request's file: a row of law_enforcement_files, or one element of FILES's JSON array (the same values). */
type FileRow = Pick<Tables["law_enforcement_files"], "name" | "mime" | "size" | "original_name">;

/** Where a provider administrator downloads a request's file. */
export const lawEnforcementFileUrl = (requestId: number, name: string) => `/api/admin/law-enforcement/requests/${requestId}/files/${name}`;

const presentFile = (requestId: number, f: FileRow): LawEnforcementFile => ({
  name: f.name,
  mime: f.mime,
  size: Number(f.size),
  originalName: f.original_name,
  url: lawEnforcementFileUrl(requestId, f.name),
});

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const present = (r: RequestRow): LawEnforcementRequest => ({
  id: r.id,
  reference: r.reference,
  email: r.email,
  agency: r.agency,
  officerName: r.officer_name,
  officerRank: r.officer_rank,
  caseNumber: r.case_number,
  legalBasis: r.legal_basis,
  reportIds: r.report_ids,
  area: r.area && rightHandPolygon(r.area),
  windowStart: iso(r.window_start),
  windowEnd: iso(r.window_end),
  attachments: r.attachments,
  files: (r.files ?? []).map((f) => presentFile(r.id, f)),
  state: r.state,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
});

const COLUMNS = `id, reference, email, agency, officer_name, officer_rank, case_number, legal_basis, report_ids, area, window_start,
  window_end, attachments, state, created_at, updated_at`;
// The request's files, oldest first (a correlated subquery over law_enforcement_files_request_idx).
const FILES = `(select coalesce(json_agg(json_build_object('name', f.name, 'mime', f.mime, 'size', f.size, 'original_name', f.original_name)
  order by f.id), '[]'::json) from law_enforcement_files f where f.request_id = law_enforcement_requests.id) as files`;

// Crockford's base 32 without I, L, O, U: read aloud or typed without confusion.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A reference number such as LE-20261126-7KQ2MX (date and 30 random bits). */
export function newReference(now = new Date()): string {
  const bytes = randomBytes(6);
  const suffix = [...bytes].map((b) => ALPHABET[b % 32]).join("");
  return `LE-${now.toISOString().slice(0, 10).replaceAll("-", "")}-${suffix}`;
}

export interface NewRequest {
  email: string;
  agency: string;
  officerName: string;
  officerRank: string;
  caseNumber: string;
  legalBasis: string;
  reportIds: number[];
  area?: ZonePolygon | undefined;
  windowStart?: string | undefined;
  windowEnd?: string | undefined;
  attachments: string[];
}

/** A file stored for a request (its generated name in the files store). */
export interface NewRequestFile {
  name: string;
  mime: string;
  size: number;
  originalName: string | null;
}

/** Records a request's files in the transaction that stores the request. */
export async function insertRequestFiles(tx: Tx, requestId: number, files: readonly NewRequestFile[]): Promise<void> {
  for (const f of files) {
    await tx.query("insert into law_enforcement_files (name, request_id, mime, size, original_name) values ($1, $2, $3, $4, $5)", [f.name, requestId, f.mime, f.size, f.originalName]);
  }
}

/** One file of a request, or undefined when the request has no file of that name. */
export function findRequestFile(db: Db, requestId: number, name: string): Promise<FileRow | undefined> {
  return one<FileRow>(db, "select name, mime, size, original_name from law_enforcement_files where request_id = $1 and name = $2", [requestId, name]);
}

/** Stores a request with a new reference number; answers it. */
export async function insertRequest(tx: Tx, r: NewRequest): Promise<LawEnforcementRequest> {
  const row = await one<RequestRow>(
    tx,
    `insert into law_enforcement_requests (reference, email, agency, officer_name, officer_rank, case_number, legal_basis, report_ids, area, window_start, window_end, attachments)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${COLUMNS}, null as files`,
    [newReference(), r.email, r.agency, r.officerName, r.officerRank, r.caseNumber, r.legalBasis, r.reportIds, r.area ? JSON.stringify(r.area) : null,
      r.windowStart ?? null, r.windowEnd ?? null, r.attachments],
  );
  return present(row!);
}

/** Every request, newest first. */
export async function listRequests(db: Db): Promise<LawEnforcementRequest[]> {
  return (await db.query<RequestRow>(`select ${COLUMNS}, ${FILES} from law_enforcement_requests order by created_at desc, id desc limit 500`)).map(present);
}

/** Sets a request's state; undefined when there is no such request. */
export async function setRequestState(db: Db, id: number, state: LawEnforcementState, by: number): Promise<LawEnforcementRequest | undefined> {
  const row = await one<RequestRow>(db, `update law_enforcement_requests set state = $2, updated_by = $3, updated_at = now() where id = $1 returning ${COLUMNS}, ${FILES}`, [id, state, by]);
  return row && present(row);
}
