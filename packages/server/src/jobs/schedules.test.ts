import { afterAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser, testDb, unique } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";
import { PURGE_JOB, RETENTION, purgeExpired } from "./retention.js";
import { queueDueSchedules } from "./schedules.js";
import { JobWorker } from "./worker.js";

const workers: JobWorker[] = [];
afterAll(() => Promise.all(workers.map((w) => w.stop())));

describe("job schedules", () => {
  it("queue a schedule's job once per period, however many processes ask at the same moment", async () => {
    const db = await testDb();
    const kind = unique("test.every");
    const schedule = [{ kind, everyMs: 60_000 }];
    const answers = await Promise.all(Array.from({ length: 5 }, () => queueDueSchedules(db, schedule).catch(() => [] as string[])));
    expect(answers.flat()).toEqual([kind]);
    expect(await queueDueSchedules(db, schedule)).toEqual([]);
    const jobs = await db.query<{ n: number }>("select count(*)::int as n from jobs where kind = $1", [kind]);
    expect(jobs[0]!.n).toBe(1);
    // Its time comes again: one more.
    await db.query("update job_schedules set next_run_at = now() - interval '1 second' where kind = $1", [kind]);
    expect(await queueDueSchedules(db, schedule)).toEqual([kind]);
  });

  it("a worker with a schedule runs its job without anyone queueing it", async () => {
    const db = await testDb();
    const kind = unique("test.worker-every");
    const ran: number[] = [];
    const w = new JobWorker(db, { pollMs: 20, scheduleCheckMs: 20 }).handle(kind, async ({ job }) => void ran.push(job.id)).every(kind, 3_600_000);
    workers.push(w);
    w.start();
    await waitFor(() => expect(ran).toHaveLength(1));
  });
});

describe("retention purge", () => {
  it("deletes login failures, connectivity logs, known sign-in devices and patrol positions past their retention, and nothing newer", async () => {
    const db = await testDb();
    const email = `${unique("purge")}@example.com`;
    await db.query(
      `insert into login_failures (email, ip, at) values ($1, '10.9.9.9', now() - make_interval(days => $2 + 1)), ($1, '10.9.9.9', now() - make_interval(days => $2 - 1))`,
      [email, RETENTION.loginFailuresDays],
    );
    const [old] = await db.query<{ id: number }>(
      `insert into connectivity_logs (type, events, received_at) values ('test', '[]', now() - make_interval(days => $1 + 1)) returning id`,
      [RETENTION.connectivityLogsDays],
    );
    const [recent] = await db.query<{ id: number }>(`insert into connectivity_logs (type, events) values ('test', '[]') returning id`);
    const company = await buildCompany(db);
    const patrol = await buildUser(db, { companyId: company.id, role: "patrol" });
    await db.query(
      `insert into patrol_positions (company_id, user_id, latitude, longitude, recorded_at, received_at)
       values ($1, $2, -33.4, -70.6, now(), now() - make_interval(days => $3 + 1)), ($1, $2, -33.4, -70.6, now(), now())`,
      [company.id, patrol.id, RETENTION.patrolPositionsDays],
    );
    await db.query(
      `insert into login_devices (token_hash, user_id, last_used_at) values (decode(md5($1 || 'old'), 'hex'), $2, now() - make_interval(days => $3 + 1)),
              (decode(md5($1 || 'new'), 'hex'), $2, now())`,
      [email, patrol.id, RETENTION.loginDevicesDays],
    );
    // (An app started by another test may run the same purge meanwhile: the rows left are what counts.)
    const gone = await purgeExpired(db, 1);
    expect(Object.keys(gone).sort()).toEqual(["clientErrors", "connectivityLogs", "finishedJobs", "loginDevices", "loginFailures", "patrolPositions"]);
    expect((await db.query("select 1 from login_devices where user_id = $1", [patrol.id])).length).toBe(1);
    expect((await db.query("select 1 from patrol_positions where user_id = $1", [patrol.id])).length).toBe(1);
    expect((await db.query("select 1 from login_failures where email = $1", [email])).length).toBe(1);
    expect((await db.query("select id from connectivity_logs where id = any($1::int[])", [[old!.id, recent!.id]])).map((r) => (r as { id: number }).id)).toEqual([recent!.id]);
    expect(PURGE_JOB).toBe("maintenance.purge");
  });
});
