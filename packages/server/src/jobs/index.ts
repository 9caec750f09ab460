export { enqueueJob, findCompanyJob, finishedJobsBefore, deleteJobs, type JobRow, type JobState, type NewJob } from "./job.repository.js";
export { JobWorker, PermanentJobError, type JobContext, type JobHandler, type JobWorkerOptions } from "./worker.js";
