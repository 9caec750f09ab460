import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { CLOSING_KINDS, INFORMER_TYPES, PRIORITIES, REPORT_STATUSES, SORT_OPTIONS } from "./enums.js";
import { defaultSort } from "./sorting.js";
import { reportLifeFields } from "./report-life.js";
import { commentEditShape, reportFlagsShape } from "./report-flags.js";
import { reportFormFields } from "./report-form-fields.js";

const trimmed = (max: number) => z.string().trim().max(max);

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

/** A GeoJSON point (RFC 7946: longitude first), as reports and maps give a place. */
export const geoJsonPointSchema = z.object({ type: z.literal("Point"), coordinates: z.tuple([z.number(), z.number()]) });

/** A media file of a report or comment, as stored and shown. */
export const mediaSchema = z.object({
  name: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number(),
  status: z.enum(["uploaded", "processing", "ready", "failed"]),
  /** The name the file had on the sender's device (display only; the stored name is generated). */
  originalName: z.string().optional(),
});
export type Media = z.infer<typeof mediaSchema>;

export const personSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  cover: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** What the signed-in operator may do with a report right now; the UI hides what it may not. */
export const reportAbilitiesSchema = z.object({
  take: z.boolean(),
  work: z.boolean(),
  close: z.boolean(),
  comment: z.boolean(),
  note: z.boolean(),
  assign: z.boolean(),
  makePrivate: z.boolean(),
  changeAddress: z.boolean(),
  /** A company admin may delete it for the organisation (it leaves the panel, stays in history). */
  delete: z.boolean(),
});
export type ReportAbilities = z.infer<typeof reportAbilitiesSchema>;

/** A team as a report names it (its assignment). */
const teamRefSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });

/** SPEC §3 report fields that restate or derive from facts above, under the names the SPEC gives them
 * (issue 32). The SPEC names this product gives no field are listed in ARCHITECTURE.md with why. */
export const reportSpecFields = {
  /** The report is SPEC §3's "event": its id. */
  eventId: z.number(),
  /** Snake-case aliases of datetimeTtl and reportFollowupId, as SPEC §3 lists both spellings. */
  datetime_ttl: z.string().nullable(),
  report_followup_id: z.number(),
  /** Not closed for this company (pending, in progress or in observation). */
  isOpen: z.boolean(),
  /** The company holds it for real: taken (in progress, in observation), closed as solved, or approved
   * by its review; false while pending unreviewed, and when closed as not applicable or as a repeat. */
  confirmed: z.boolean(),
  /** On the company's maps (as GET …/maps/reports): neither closed as not applicable nor deleted. */
  visible: z.boolean(),
  /** The report type's category in the catalogue (SPEC §3 report type category_id). */
  categoryId: z.number().nullable(),
  /** The short reference a caller is given: the uuid's first 8 characters, which the history's
   * identifier box and search find. */
  code: z.string(),
  /** The public link GET /api/reports/share/{id} answers; null once an attending organisation made the
   * report private (the community no longer sees it). */
  shareUrl: z.string().nullable(),
  /** How many times the public page of the report was opened (SPEC §3 sharesCounter). */
  sharesCounter: z.number(),
  /** The first image of filesMedia (its url), null without one. */
  imageUrl: z.string().nullable(),
  /** The report's point as GeoJSON (latitude and longitude above). */
  location: geoJsonPointSchema,
  /** The signed-in reporter's account id (user.id); null when anonymous or made for a caller. */
  userId: z.number().nullable(),
  /** The informer's name and phone: the caller's contact for a report made for one, else the signed-in
   * reporter's; null when neither is known (anonymous). */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  /** The teams the report is assigned to: assignedTeam's, at most one (SPEC §3 teams). */
  teams: z.array(teamRefSchema),
  /** Who closed it: operatorWhoClosedReport under SPEC §3's other name. */
  userWhoClosedReport: personSchema.nullable(),
};

/** A report as one company sees it: the shared report plus this company's attention. */
export const reportSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  company_id: z.number(),
  status: z.enum(REPORT_STATUSES),
  /** The derived in_deleting_progress of SPEC §4 when the author deleted it. */
  displayStatus: z.enum([...REPORT_STATUSES, "in_deleting_progress"]),
  closingKind: z.enum(CLOSING_KINDS).nullable(),
  repeatedOf: z.number().nullable(),
  type: z.number(),
  initialType: z.number(),
  title: z.string().nullable(),
  description: z.string(),
  priority: z.enum(PRIORITIES),
  observations: z.string().nullable(),
  datetimeTtl: z.string().nullable(),
  dueDate: z.string().nullable(),
  reportFollowupId: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  timezone: z.string(),
  zones: z.array(z.number()),
  filesMedia: z.array(mediaSchema),
  likes: z.number(),
  dislikes: z.number(),
  /** Complaints of the community against the report (POST /api/reports/issue). */
  abuseCounter: z.number(),
  commentsCount: z.number(),
  notesCount: z.number(),
  isAnonymous: z.boolean(),
  isPrivate: z.boolean(),
  /** SPEC §3 stolen-plate flag: the plate an operator of the company found stolen through the police
   * service for this report (issue 17), null when none. */
  stolenPlate: z.string().nullable(),
  isCreatedByCompany: z.boolean(),
  informerType: z.enum(INFORMER_TYPES),
  contact: z
    .object({ phone: z.string().nullable(), firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  /** Where the report came from (SPEC §3 source): app, portal or open311 (issue 18). */
  source: z.string().nullable(),
  /** The asset a citizen reported about through its QR code (issue 17), its category then, and the asset
   * as it is now (null once deleted). Optional for reports presented before the field existed. */
  assetId: z.number().nullable().optional(),
  assetCategoryName: z.string().nullable().optional(),
  asset: z.object({ id: z.number(), uuid: z.string(), category: z.string(), description: z.string() }).nullable().optional(),
  /** The reporter's account (null when anonymous); `email` only for companies in SPEC §6's "showing user
   * emails" gate. `groups` are the account's numeric SPEC §6 groups. */
  user: z
    .object({
      id: z.number(),
      uuid: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      cover: z.string().nullable(),
      homeAddress: z.string().nullable(),
      groups: z.array(z.number()),
      email: z.string().optional(),
    })
    .nullable(),
  notifyNeighbours: z.boolean(),
  notificationNeighboursWasCanceled: z.boolean(),
  assignedUser: personSchema.nullable(),
  assignedTeam: teamRefSchema.nullable(),
  assignedPatrol: personSchema.extend({ patrolStatus: z.string() }).nullable(),
  operatorWhoClosedReport: personSchema.nullable(),
  closedAt: z.string().nullable(),
  userFollowerIds: z.array(z.number()),
  tags: z.array(z.object({ id: z.number(), uuid: z.string(), name: z.string(), color: z.string() })),
  tagsUuids: z.array(z.string()),
  deletedAt: z.string().nullable(),
  deletedBy: z.enum(["author", "admin"]).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  can: reportAbilitiesSchema,
  /** On a single read, when the company has visualizeAttendingCompanies: the other organisations
   * attending the same report. */
  attendingCompanies: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  /** On a single read, when the company has displayDni: the reporter's RUT (SPEC §3 social_number). */
  reporterDni: z.string().nullable().optional(),
  /** Substatus, review, gathering and rating (issue 17). */
  ...reportLifeFields,
  ...reportSpecFields,
  ...reportFlagsShape,
  /** Workflow form, section assignment and what the form wrote back (issue 16). */
  ...reportFormFields,
});
export type Report = z.infer<typeof reportSchema>;

/** Without `sort`, a tab is listed in its SPEC §4 order for any client: pending by triage (priority,
 * then due time), every other status (and polling across statuses) newest first. */
export const reportListQuerySchema = z
  .object({
    status: z.enum(REPORT_STATUSES).optional(),
    sort: z.enum(SORT_OPTIONS).optional(),
    /** Polling fallback: only reports whose followup id is above this one. */
    reportFollowupId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    /** "My favourites": only the reports the caller starred (isFavorite). */
    favorite: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .transform((q) => ({ ...q, sort: q.sort ?? (q.status ? defaultSort(q.status) : "newest") }));
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

export const reportCountersSchema = z.object({
  pending: z.number(),
  in_progress: z.number(),
  solved: z.number(),
  false: z.number(),
  in_observation: z.number(),
});
export type ReportCounters = z.infer<typeof reportCountersSchema>;

export const reportListResponseSchema = z.object({
  success: z.literal(true),
  reports: z.array(reportSchema),
  total: z.number(),
  counters: reportCountersSchema,
  lastFollowupId: z.number(),
});

/** A report as a row of the events panel shows, sorts, filters and acts on it: the list's page carries
 * these fields only (two fifths of the whole reports' bytes), and opening a report reads it whole. */
export const reportListItemSchema = reportSchema.pick({
  id: true,
  uuid: true,
  company_id: true,
  status: true,
  displayStatus: true,
  type: true,
  title: true,
  description: true,
  priority: true,
  dueDate: true,
  reportFollowupId: true,
  latitude: true,
  longitude: true,
  address: true,
  zones: true,
  isAnonymous: true,
  isPrivate: true,
  stolenPlate: true,
  assignedUser: true,
  tags: true,
  deletedAt: true,
  createdAt: true,
  updatedAt: true,
  version: true,
  can: true,
  substatus: true,
  ratingPoints: true,
  commentsCount: true,
  highlighted: true,
  isFavorite: true,
  seen: true,
  countdown: true,
  premiumUser: true,
  subscription: true,
});
export type ReportListItem = z.infer<typeof reportListItemSchema>;

/** The events panel's page: the list's answer with rows instead of whole reports. */
export const reportRowsResponseSchema = reportListResponseSchema.extend({ reports: z.array(reportListItemSchema) });

export const reportResponseSchema = z.object({ success: z.literal(true), report: reportSchema });

export const reportParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});
export const reportUuidParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  uuid: z.uuid(),
});

/** PUT /api/companies/{companyId}/reports/{id}: what the company may change on its attention. */
export const updateReportSchema = z
  .object({
    priority: z.enum(PRIORITIES).optional(),
    observations: trimmed(4000).nullable().optional(),
    status: z.enum(["in_progress", "in_observation"]).optional(),
    type: z.number().int().min(0).max(MAX_ID).optional(),
    /** Needed to change the type to drugs, which makes the report private and anonymous (SPEC §4). */
    confirmDrugs: z.boolean().optional(),
    tagIds: z.array(z.number().int().positive().max(MAX_ID)).max(50).optional(),
    /** One of the company's substatuses (issue 17), or null to clear it. */
    substatusId: z.number().int().positive().max(MAX_ID).nullable().optional(),
    /** The version the operator edited; a stale one answers 409 so no change is silently lost. */
    version: z.number().int().positive().max(MAX_ID).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== "version" && k !== "confirmDrugs"), { message: "empty update" });
export type UpdateReport = z.infer<typeof updateReportSchema>;

export const closeReportSchema = z.object({
  kind: z.enum(CLOSING_KINDS),
  repeatedOf: z.number().int().positive().max(MAX_ID).optional(),
  automaticAnswerId: z.number().int().positive().max(MAX_ID).optional(),
  comment: trimmed(4000).optional(),
});

export const assignReportSchema = z
  .object({
    userId: z.number().int().positive().max(MAX_ID).nullable().optional(),
    teamId: z.number().int().positive().max(MAX_ID).nullable().optional(),
    patrolId: z.number().int().positive().max(MAX_ID).nullable().optional(),
  })
  .refine((v) => v.userId !== undefined || v.teamId !== undefined || v.patrolId !== undefined, { message: "nothing to assign" });

/** Body of SPEC §7's `PUT /api/reports/{id}/assigned-user`: the colleague to assign, null to unassign. */
export const assignedUserBodySchema = z.object({ user_id: z.number().int().positive().max(MAX_ID).nullable() });

/** Reporter API (community app): a new report. */
export const appCreateReportSchema = z.object({
  type: z.number().int().min(0).max(MAX_ID),
  description: trimmed(4000).default(""),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  address: trimmed(300).optional(),
  anonymous: z.boolean().default(false),
  /** Client-generated id: a retried request does not create the report twice. */
  clientId: z.uuid().optional(),
});
export type AppCreateReport = z.infer<typeof appCreateReportSchema>;
/** POST /api/app/reports's answer: the new report's ids and the organisations it was routed to. */
export const appCreateReportResponseSchema = z.object({
  success: z.literal(true),
  report: z.object({ id: z.number(), uuid: z.string() }),
  companies: z.array(z.number()),
});

export const commentBodySchema = z.object({ body: trimmed(4000).min(1) });
export const likeBodySchema = z.object({ value: z.union([z.literal(1), z.literal(-1)]) });

export const commentSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  report_id: z.number(),
  report_uuid: z.string(),
  body: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  company_id: z.number().nullable(),
  media: z.array(mediaSchema),
  hidden: z.boolean(),
  /** True when written by an operator of this company. */
  isOperator: z.boolean(),
  /** SPEC §3 author marker: written by the report's author. */
  isAuthor: z.boolean(),
  /** The organisation an operator's comment was written for (null for community comments). */
  companyName: z.string().nullable(),
  created_at: z.string(),
  ...commentEditShape,
});
export type Comment = z.infer<typeof commentSchema>;

export const noteSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  report_id: z.number(),
  body: z.string(),
  user: z.object({ id: z.number(), name: z.string() }),
  file: mediaSchema.nullable(),
  created_at: z.string(),
  ...commentEditShape,
});
export type Note = z.infer<typeof noteSchema>;

export const activitySchema = z.object({
  id: z.number(),
  action: z.string(),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
/** GET …/reports/{id}/activity: the action log, oldest first. */
export const reportActivityResponseSchema = z.object({ success: z.literal(true), activity: z.array(activitySchema) });
