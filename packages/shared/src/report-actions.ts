import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { reportSchema } from "./reports.js";

/** POST /api/companies/{companyId}/reports/{id}/address. A blank address answers noRegisteredAddress. */
export const changeAddressSchema = z.object({ address: z.string().max(300) });
export type ChangeAddress = z.infer<typeof changeAddressSchema>;

/** Exact English text of SPEC §8 for an address outside every zone of the organisation. */
export const NOT_IN_ZONE_MESSAGE = "The address is not part of your company zone";

/** Error codes of a failed address change (SPEC §8 geocoding). */
export const GEOCODING_ERROR_CODES = ["overQueryLimit", "unknow", "noResults", "noRegisteredAddress", "notInZone"] as const;
export type GeocodingErrorCode = (typeof GEOCODING_ERROR_CODES)[number];

/** Radius around a report within which app users count as its neighbours. */
export const NEIGHBOURS_RADIUS_METRES = 500;

/** POST …/notify-neighbours: the report, and how many app users nearby are told. */
export const notifyNeighboursResponseSchema = z.object({
  success: z.literal(true),
  report: reportSchema,
  neighbours: z.number(),
});

/** GET /api/reports/share/{id} (SPEC §7). */
export const shareResponseSchema = z.object({ success: z.literal(true), share_url: z.string() });
export const shareParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** The browser repeats `open: true` this often while a report detail is open. */
export const PRESENCE_HEARTBEAT_SECONDS = 20;
/** A viewer not heard from for this long is gone. */
export const PRESENCE_TTL_SECONDS = 45;

export const presenceBodySchema = z.object({ open: z.boolean() });
export const presenceViewerSchema = z.object({ id: z.number(), name: z.string() });
export type PresenceViewer = z.infer<typeof presenceViewerSchema>;
export const presenceResponseSchema = z.object({ success: z.literal(true), viewers: z.array(presenceViewerSchema) });

/** `data` of the real-time `presence` message (sent with seq 0: not stored, not part of the sequence). */
export const presenceMessageDataSchema = z.object({ reportId: z.number(), viewers: z.array(presenceViewerSchema) });
export type PresenceMessageData = z.infer<typeof presenceMessageDataSchema>;
