-- Mass messages to an area (issue 15): messages with their SPEC §4 numeric states, custom zones,
-- where community app users are (last known location, home address), and the reporter app's inbox.

-- Where a community app user is: the last location the app reported and the home address's point.
-- Delivery tests each against the message's zone; the indexes serve the bounding boxes of the
-- neighbours' 500 m rule.
create table app_user_locations (
  user_id integer primary key references users(id) on delete cascade,
  last_latitude double precision check (last_latitude between -90 and 90),
  last_longitude double precision check (last_longitude between -180 and 180),
  last_seen_at timestamptz,
  home_latitude double precision check (home_latitude between -90 and 90),
  home_longitude double precision check (home_longitude between -180 and 180),
  updated_at timestamptz not null default now()
);
create index app_user_locations_last_idx on app_user_locations (last_latitude, last_longitude);
create index app_user_locations_home_idx on app_user_locations (home_latitude, home_longitude);

-- A company's custom addressee zones (SPEC §3 Message zone): name unique within the company letter case
-- aside (SPEC §5), colours and line weight; the polygon twice, GeoJSON to draw and native for `@>`.
create table message_zones (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  geojson jsonb not null,
  area polygon not null,
  fill_color text not null,
  fill_opacity real not null check (fill_opacity between 0 and 1),
  line_color text not null,
  line_weight integer not null check (line_weight between 1 and 20),
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create unique index message_zones_name_key on message_zones (company_id, lower(name));

-- A mass message: 1 draft, 2 scheduled, 3 sent, 4 archived, 5 pending approval, 6 rejected. zone_id null
-- is the company's default zone (its drawn zones). `archived_from` is the state unarchive returns to;
-- `wants_schedule` says whether approval schedules it (true) or sends it at once.
create table messages (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  title text not null,
  body text not null default '',
  state smallint not null default 1 check (state between 1 and 6),
  ad boolean not null default false,
  schedule_at timestamptz,
  wants_schedule boolean not null default false,
  zone_id integer,
  archived_from smallint,
  reject_reason text,
  attachment_name text,
  attachment_original_name text,
  attachment_mime text,
  attachment_size integer,
  sent_count integer not null default 0,
  opened_count integer not null default 0,
  recipients_total integer,
  delivery_cursor integer not null default 0,
  delivery_job_id integer,
  author_id integer references users(id) on delete set null,
  decided_by integer references users(id) on delete set null,
  decided_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (company_id, zone_id) references message_zones(company_id, id)
);
create index messages_company_idx on messages (company_id, id desc);
create index messages_pending_idx on messages (id) where state = 5;

-- The reporter app's inbox: a mass message or a report's neighbours' notice, once per app user (the
-- unique keys make a retried or doubled delivery insert nothing twice).
create table app_inbox (
  id bigserial primary key,
  app_user_id integer not null references users(id) on delete cascade,
  message_id integer references messages(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  report_id integer references reports(id) on delete cascade,
  created_at timestamptz not null default now(),
  opened_at timestamptz,
  check ((message_id is null) <> (report_id is null))
);
create unique index app_inbox_message_key on app_inbox (message_id, app_user_id) where message_id is not null;
create unique index app_inbox_notice_key on app_inbox (company_id, report_id, app_user_id) where report_id is not null;
create index app_inbox_user_idx on app_inbox (app_user_id, id desc);

-- A report's neighbours' notice: how many were found, how many have it, and which job delivers it (a
-- job that is no longer the current one stops).
alter table report_attentions
  add column neighbours_total integer not null default 0,
  add column neighbours_delivered integer not null default 0,
  add column neighbours_job_id integer;

-- The company's author hears of an approval or a rejection in the notification centre.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('assigned', 'teamAssigned', 'mention', 'followedComment', 'followedStatus', 'upgradeAnswered', 'messageApproved', 'messageRejected'));
