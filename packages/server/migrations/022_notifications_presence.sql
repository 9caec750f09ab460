-- Issue 12: the notification centre, and who of a company is online and which report each has open
-- (kept in the database so every server process sees the same, never in one process's memory).

-- A notification for one user about something in one company (a report assigned, a mention, a followed
-- report updated, an upgrade request answered). Only its recipient reads it.
create table notifications (
  id bigserial primary key,
  user_id integer not null references users(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  kind text not null check (kind in ('assigned', 'teamAssigned', 'mention', 'followedComment', 'followedStatus', 'upgradeAnswered')),
  report_id integer references reports(id) on delete cascade,
  actor_user_id integer references users(id) on delete set null,
  data jsonb not null default '{}',
  read_at timestamptz,
  created_at timestamptz not null default now()
);
-- The bell: a user's notifications of a company, newest first, and the unread ones counted.
create index notifications_user_idx on notifications (user_id, company_id, id desc);
create index notifications_unread_idx on notifications (user_id, company_id) where read_at is null;

-- Each open real-time socket, refreshed on every hub heartbeat (20 s); a user is online while one of
-- theirs was seen in the last minute (a process that died leaves rows that simply age out).
create table online_sockets (
  id uuid primary key,
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  opened_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
create index online_sockets_company_idx on online_sockets (company_id, seen_at);

-- The report each member has open now (the detail's presence heartbeats, every 20 s); cleared on leave.
create table report_viewing (
  company_id integer not null,
  user_id integer not null references users(id) on delete cascade,
  report_id integer not null,
  seen_at timestamptz not null default now(),
  primary key (company_id, user_id),
  foreign key (company_id, report_id) references report_attentions(company_id, report_id) on delete cascade
);

-- The connections screen: a company's logs newest first, by operator.
create index connectivity_logs_company_idx on connectivity_logs (company_id, received_at desc);
