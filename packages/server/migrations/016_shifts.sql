-- Dashboards (issue 10): company shifts, and the indexes the dashboard's aggregations read through.

-- A company's shifts (SPEC §3 Shift): a name and the wall-clock times, in the company's timezone, it
-- starts and ends; an end before the start crosses midnight (22:00:00–06:00:00). Start and end differ.
create table shifts (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  start_time time(0) not null,
  end_time time(0) not null check (end_time <> start_time),
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
-- Names are unique in a company, letter case aside (the API answers 409 before this refuses a race).
create unique index shifts_name_key on shifts (company_id, lower(name));

-- The dashboard counts one company's reports of a window, by the moment the company received each (the
-- attention's created_at: the report's own creation for every report routed at intake). This reads a
-- window of one company as a range (2,500 attentions for 90 days of a company with 10,000 a year),
-- instead of every attention of the company or every company's reports of the window.
create index report_attentions_company_created_idx on report_attentions (company_id, created_at);

-- Time to take and the operators tab: the takes and assignments of a company since a window began,
-- read by company and time without the comments, notes, likes and follows of the same log.
create index activity_log_take_idx on activity_log (company_id, created_at) where action in ('taken', 'assigned');

-- The users tab: complaints filed in a window (user_complaints is keyed by target user and report).
create index user_complaints_created_idx on user_complaints (created_at);
