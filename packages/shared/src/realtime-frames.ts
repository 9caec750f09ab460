import { z } from "./zod.js";
import { realtimeMessageSchema, type EventType } from "./realtime.js";
import { commentSchema, noteSchema, reportSchema } from "./reports.js";
import { notificationSchema } from "./notifications.js";
import { patrolSchema } from "./patrols.js";

// The frames of the real-time WebSocket by kind: realtimeMessageSchema narrowed to each `type`, its
// `seq` rule and its `data`. The server's AsyncAPI document (realtime/asyncapi.ts) is generated from
// these, so the protocol is written once.

const streamSeq = z.number().int().positive().describe("The event's place in the company's stream: one more than the last event the client has, else a gap to catch up");
const liveSeq = z.literal(0).describe("0: a live frame, not stored and not part of the stream; it never moves the client's cursor");

const frame = <T extends EventType, D extends z.ZodType, S extends z.ZodType>(type: T, seq: S, data: D, description: string) =>
  realtimeMessageSchema.extend({ type: z.literal(type), seq, data }).describe(description);

const reportData = z.object({ report: reportSchema });
const reportId = z.number().int().positive();

/** Every frame kind of the channel, each with its schema. */
export const REALTIME_FRAMES = {
  hello: frame("hello", z.number().int().nonnegative().describe("The company stream's last seq when the socket opened"), z.object({}),
    "First frame of every socket: the stream's last seq. A client whose cursor is behind it catches up with GET /api/companies/{companyId}/events?after={cursor}."),
  seqTail: frame("seq", z.number().int().nonnegative(), z.object({}),
    "The stream is at seq: sent on every heartbeat (20 s, beside a WebSocket ping) and soon after a burst when the database holds events this process did not deliver. A client behind it catches up."),
  seqPlaceholder: frame("seq", z.number().int().positive(), z.object({ from: z.number().int().positive().describe("The first seq of the run") }),
    "To a restricted user (SPEC §6: zones, report types, only their own reports): the events from…seq exist but are not for this user. The cursor moves to seq; the stream stays contiguous, so a real gap is still a gap."),
  newReport: frame("newReport", streamSeq, reportData, "A report the company attends arrived (as any operator of the company sees it; each client refines its abilities)."),
  updateReport: frame("updateReport", streamSeq, reportData, "A report changed: the whole report as the company sees it now."),
  removeReport: frame("removeReport", streamSeq, z.object({ reportId }), "A report leaves the company's lists (deleted for the organisation)."),
  newComment: frame("newComment", streamSeq, z.object({ reportId, comment: commentSchema }), "A comment on a report the company attends."),
  newNote: frame("newNote", streamSeq, z.object({ reportId, note: noteSchema }), "An internal note of the company on a report."),
  otherStreamEvent: realtimeMessageSchema
    .extend({ type: z.enum(["updateTtlReport", "removeReports", "incomingComment", "like", "dislike", "mediaStatus"]), seq: streamSeq })
    .describe("The stream's other events about reports (each carries the reportId it is about in data)."),
  operators: frame("operators", liveSeq, z.object({}), "Someone of the company connected, disconnected or opened another report: the operators screen reads again."),
  patrol: frame("patrol", liveSeq, z.object({ patrol: patrolSchema }), "A patrol's position or status changed."),
  notification: frame("notification", liveSeq, z.object({ notification: notificationSchema }), "A notification for this user only (their sockets of this company)."),
  otherLiveFrame: realtimeMessageSchema
    .extend({ type: z.enum(["presence", "messages", "neighbours", "substatuses", "collaboratorMessage"]), seq: liveSeq })
    .describe("Other live frames: who has a report open, a mass message's progress, a neighbours' notice, the substatus list, a message to this collaborator."),
} as const;
