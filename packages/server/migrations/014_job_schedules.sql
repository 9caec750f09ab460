-- Recurring background tasks (purges now; scheduled messages and compliance later): each schedule's
-- next run is claimed by one process with an update that moves it forward, which then queues the job,
-- so a task runs once per period across all processes.
create table job_schedules (
  kind text primary key,
  every_seconds integer not null check (every_seconds > 0),
  next_run_at timestamptz not null default now()
);

-- The purges read by time.
create index connectivity_logs_received_idx on connectivity_logs (received_at);
create index login_failures_at_idx on login_failures (at);
