-- Background jobs (spreadsheet exports now; mail retries, purges and scheduled messages later), kept in
-- the database so a job survives a restart and runs once across processes: a worker claims one with
-- `for update skip locked` and holds it for a lease (locked_until); a job whose worker died is claimed
-- again once its lease expires, up to max_attempts.
create table jobs (
  id serial primary key,
  company_id integer references companies(id) on delete cascade,
  kind text not null,
  payload jsonb not null default '{}',
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  progress_done integer not null default 0,
  progress_total integer not null default 0,
  result jsonb,
  error text,
  attempts integer not null default 0,
  max_attempts integer not null default 3,
  run_after timestamptz not null default now(),
  locked_until timestamptz,
  locked_by text,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);

-- What a worker scans: jobs waiting to run, and running ones whose lease may have expired.
create index jobs_claimable on jobs (kind, run_after) where state in ('queued', 'running');
create index jobs_company on jobs (company_id, id);
