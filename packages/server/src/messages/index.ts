// The messages domain as other domains see it: its routes, its delivery jobs, and the neighbours'
// notice the reports domain starts and stops inside its own change.
import type { AppContext, Domain } from "../context.js";
import { messageRoutes } from "./message.routes.js";
import { DELIVERY_BATCH, MESSAGE_DELIVERY_JOB, NEIGHBOURS_NOTICE_JOB, deliverMessage, deliverNeighbourNotice } from "./delivery.js";

export {
  DELIVERY_BATCH,
  MESSAGE_DELIVERY_JOB,
  NEIGHBOURS_NOTICE_JOB,
  countMessageRecipients,
  messageRecipientIds,
  queueNeighbourNotice,
  stopNeighbourNotice,
} from "./delivery.js";

/** Registers the delivery jobs on the process's worker. A job's payload may carry a smaller batch
 * (tests and the bench set it; requests never do). */
export function installMessageJobs(ctx: AppContext): void {
  const batchOf = (payload: Record<string, unknown>) => {
    const n = Number(payload.batchSize);
    return Number.isInteger(n) && n > 0 && n <= DELIVERY_BATCH ? n : DELIVERY_BATCH;
  };
  ctx.jobs.handle(MESSAGE_DELIVERY_JOB, (job) => deliverMessage(ctx, job, batchOf(job.job.payload)));
  ctx.jobs.handle(NEIGHBOURS_NOTICE_JOB, (job) => deliverNeighbourNotice(ctx, job, batchOf(job.job.payload)));
}

/** The messages domain in the application: its routes and its background jobs; domains.ts lists it. */
export const messagesDomain: Domain = {
  name: "messages",
  routes: messageRoutes,
  // Mass messages and neighbours' notices reach the reporter app's inbox through delivery jobs.
  jobs: installMessageJobs,
};
