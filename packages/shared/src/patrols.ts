import { z } from "./zod.js";
import { PATROL_STATUSES, REPORT_STATUSES } from "./enums.js";

/** SPEC §9 fleet operator marker lifetime: a patrol's marker leaves the map an hour after its last position. */
export const PATROL_MARKER_LIFETIME_MS = 3_600_000;
/** A patrol whose app has sent no position for this long is shown offline, whatever it last said. */
export const PATROL_OFFLINE_AFTER_MS = 5 * 60_000;
/** Positions one patrol may send per minute (the app sends one every few seconds while moving). */
export const PATROL_POSITIONS_PER_MINUTE = 60;

/** Body of `POST /api/app/positions`: where the signed-in patrol is (WGS84), with what the phone knows. */
export const patrolPositionBodySchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** Accuracy radius in metres. */
    accuracy: z.number().min(0).max(100_000).optional(),
    /** Course over ground, degrees from north. */
    heading: z.number().min(0).max(360).optional(),
    /** Metres per second. */
    speed: z.number().min(0).max(150).optional(),
    /** When the phone took the position (ISO 8601); now when absent. Positions older than an hour or in
     * the future are refused. */
    recordedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type PatrolPositionBody = z.infer<typeof patrolPositionBodySchema>;

/** Body of `PUT /api/app/patrol-status` (SPEC §4 patrol statuses). */
export const patrolStatusBodySchema = z.object({ status: z.enum(PATROL_STATUSES) }).strict();

/** A patrol as operators see it: its status (offline when its positions stopped), its last position
 * within the marker lifetime, and the open report assigned to it. */
export const patrolSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  status: z.enum(PATROL_STATUSES),
  position: z
    .object({ latitude: z.number(), longitude: z.number(), heading: z.number().nullable(), recorded_at: z.string() })
    .nullable(),
  report: z.object({ id: z.number(), uuid: z.string(), type: z.number(), title: z.string().nullable(), status: z.enum(REPORT_STATUSES) }).nullable(),
});
export type Patrol = z.infer<typeof patrolSchema>;

export const patrolListResponseSchema = z.object({ success: z.literal(true), patrols: z.array(patrolSchema) });
export const patrolPositionResponseSchema = z.object({ success: z.literal(true), status: z.enum(PATROL_STATUSES), companies: z.array(z.number()) });
