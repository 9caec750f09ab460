-- Activities and compliance (issue 16, SPEC §3 Activity and compliance row, §4 activity states, §9
-- activity periods): an activity asks its assignees to fill forms a number of times per period; its
-- compliance rows are computed from form submissions and stored, refreshed at each period boundary
-- (the `activities.refresh` job) and on demand.

create table activities (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  -- [{operator: 'and'|'or', formIds: [..]}]: every group must be satisfied; a group's forms all
  -- ('and') or any of them ('or'). No form appears twice in an activity (SPEC §5).
  groups jsonb not null,
  user_ids integer[] not null default '{}',
  team_ids integer[] not null default '{}',
  period text not null check (period in ('daily', 'weekly', 'monthly', 'annual', 'custom')),
  custom_days integer check (custom_days is null or custom_days between 1 and 366),
  times_per_period integer not null check (times_per_period between 1 and 100),
  total_periods integer not null check (total_periods between 1 and 1000),
  -- Calendar dates in the company's time zone: periods start at local midnight.
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  -- The next period start or end still ahead: the refresh job's sweep takes activities past it.
  next_refresh_at timestamptz,
  refreshed_at timestamptz,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);
create unique index activities_id_idx on activities (id);
create index activities_next_refresh_idx on activities (next_refresh_at) where next_refresh_at is not null;

-- One row per assignee and started period: how many times the activity was done and its state then.
create table activity_compliance (
  company_id integer not null,
  activity_id integer not null,
  user_id integer not null references users(id) on delete cascade,
  period_index integer not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  done integer not null,
  state text not null check (state in ('completed', 'inProgress', 'pending', 'overdue')),
  completed_at timestamptz,
  primary key (company_id, activity_id, user_id, period_index),
  foreign key (company_id, activity_id) references activities (company_id, id) on delete cascade
);
create index activity_compliance_list_idx on activity_compliance (company_id, period_start desc);
