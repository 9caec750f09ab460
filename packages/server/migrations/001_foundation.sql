-- Foundation schema. Tenant tables carry company_id inside every primary, unique and foreign key
-- (Citus-ready). Shared tables (users, the report-type catalogue, community reports and what the
-- community adds to them) are keyed by their own id.

create extension if not exists pgcrypto;
create extension if not exists pg_trgm;
create extension if not exists unaccent;
create extension if not exists cube;
create extension if not exists earthdistance;
create extension if not exists btree_gist;

create table companies (
  id serial primary key,
  uuid uuid not null unique default gen_random_uuid(),
  name text not null,
  cover text,
  bound_latitude double precision not null,
  bound_longitude double precision not null,
  modules text[] not null default '{}',
  is_observer boolean not null default false,
  is_freemium boolean not null default false,
  has_delay_in_report_notifications boolean not null default false,
  visualize_attending_companies boolean not null default false,
  display_dni boolean not null default false,
  click_to_call boolean not null default false,
  substatuses text[] not null default '{}',
  timezone text not null default 'America/Santiago',
  created_at timestamptz not null default now()
);

-- Free-form settings of a company as name/value pairs (SPEC §3 Company config).
create table company_config (
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  value text not null,
  primary key (company_id, name)
);

create table users (
  id serial primary key,
  uuid uuid not null unique default gen_random_uuid(),
  email text not null,
  username text,
  password_hash text,
  first_name text not null default '',
  last_name text not null default '',
  phone text,
  cover text,
  groups integer[] not null default '{}',
  timezone text not null default 'America/Santiago',
  lang text not null default 'es',
  settings jsonb not null default '{}',
  rating integer not null default 0,
  social_number text,
  home_address text,
  verified boolean not null default false,
  activated boolean not null default true,
  locked boolean not null default false,
  complaint_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create unique index users_username_key on users (lower(username)) where username is not null;

-- A user's place in a company: role, and the zones and report types it is limited to (empty = all).
create table memberships (
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  role text not null check (role in ('company_admin', 'operator', 'patrol')),
  zone_ids integer[] not null default '{}',
  report_type_ids integer[] not null default '{}',
  patrol_status text not null default 'offline' check (patrol_status in ('online', 'busy', 'away', 'offline')),
  created_at timestamptz not null default now(),
  primary key (company_id, user_id)
);
create index memberships_user_idx on memberships (user_id);

create table report_categories (
  id integer primary key,
  name_localized jsonb not null,
  position integer not null
);

create table report_types (
  id integer primary key,
  category_id integer not null references report_categories(id),
  active boolean not null default true,
  name_localized jsonb not null,
  description_localized jsonb not null,
  image_name text not null,
  view_data jsonb not null,
  color text not null default '#F96134',
  position integer not null,
  updated_at timestamptz not null default now()
);

-- The report types a company attends, with its priority and attention time for each.
create table company_report_types (
  company_id integer not null references companies(id) on delete cascade,
  report_type_id integer not null references report_types(id),
  active boolean not null default true,
  priority text not null default 'normal' check (priority in ('lowest', 'low', 'normal', 'high', 'highest')),
  attention_time integer check (attention_time is null or attention_time > 0),
  attention_unit text check (attention_unit in ('minutes', 'hours', 'days')),
  primary key (company_id, report_type_id)
);

create table zones (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  geojson jsonb not null,
  area polygon not null,
  fill_color text not null default '#F54286',
  stroke_color text not null default '#F54286',
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  unique (company_id, name)
);
create index zones_area_idx on zones using gist (area);

create table teams (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  color text not null default '#1677ff',
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  unique (company_id, name)
);

create table team_members (
  company_id integer not null,
  team_id integer not null,
  user_id integer not null references users(id) on delete cascade,
  primary key (company_id, team_id, user_id),
  foreign key (company_id, team_id) references teams(company_id, id) on delete cascade,
  foreign key (company_id, user_id) references memberships(company_id, user_id) on delete cascade
);

create table tags (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  uuid uuid not null default gen_random_uuid(),
  name text not null,
  color text not null default '#f54286',
  lang text not null default 'es',
  translations jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  unique (company_id, uuid),
  unique (company_id, name)
);

-- A report as the community sees it: text, place, media and author are shared by every company
-- that attends it. created_by_company_id is set when an operator created it for a caller.
create table reports (
  id serial primary key,
  uuid uuid not null unique default gen_random_uuid(),
  type_id integer not null references report_types(id),
  initial_type_id integer not null references report_types(id),
  title text,
  description text not null default '',
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  address text,
  timezone text not null default 'America/Santiago',
  user_id integer references users(id),
  is_anonymous boolean not null default false,
  created_by_company_id integer references companies(id),
  informer_type text not null default 'user' check (informer_type in ('user', 'anonymous', 'operator')),
  contact jsonb,
  source text,
  media jsonb not null default '[]',
  likes_count integer not null default 0,
  dislikes_count integer not null default 0,
  shares_counter integer not null default 0,
  abuse_counter integer not null default 0,
  deleted_at timestamptz,
  deleted_by text check (deleted_by in ('author', 'admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reports_created_idx on reports (created_at desc);
create index reports_user_idx on reports (user_id);

-- One company's work on a report: its own status, priority, due time, assignment and observations.
create table report_attentions (
  company_id integer not null references companies(id) on delete cascade,
  report_id integer not null references reports(id) on delete cascade,
  followup_id bigserial not null,
  status text not null default 'pending'
    check (status in ('pending', 'in_progress', 'solved', 'false', 'in_observation')),
  closing_kind text check (closing_kind in ('solved', 'false', 'repeated')),
  repeated_of integer references reports(id),
  priority text not null default 'normal' check (priority in ('lowest', 'low', 'normal', 'high', 'highest')),
  due_date timestamptz,
  observations text,
  assigned_user_id integer references users(id),
  assigned_team_id integer,
  assigned_patrol_id integer references users(id),
  is_private boolean not null default false,
  is_anonymous boolean not null default false,
  notify_neighbours boolean not null default false,
  notification_neighbours_was_canceled boolean not null default false,
  closed_by_user_id integer references users(id),
  closed_at timestamptz,
  zone_ids integer[] not null default '{}',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, report_id),
  unique (company_id, followup_id),
  foreign key (company_id, assigned_team_id) references teams(company_id, id)
);
create index report_attentions_status_idx on report_attentions (company_id, status, report_id desc);
create index report_attentions_due_idx on report_attentions (company_id, status, due_date);

create table report_attention_tags (
  company_id integer not null,
  report_id integer not null,
  tag_id integer not null,
  primary key (company_id, report_id, tag_id),
  foreign key (company_id, report_id) references report_attentions(company_id, report_id) on delete cascade,
  foreign key (company_id, tag_id) references tags(company_id, id) on delete cascade
);

-- Public comments: seen by the community and every attending company. company_id marks an
-- operator's comment written on behalf of that company.
create table comments (
  id serial primary key,
  uuid uuid not null unique default gen_random_uuid(),
  report_id integer not null references reports(id) on delete cascade,
  user_id integer references users(id),
  company_id integer references companies(id),
  body text not null,
  media jsonb not null default '[]',
  sub_action text,
  hidden boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index comments_report_idx on comments (report_id, id);

-- Private notes of one company about a report.
create table notes (
  company_id integer not null,
  id serial,
  uuid uuid not null default gen_random_uuid(),
  report_id integer not null,
  user_id integer not null references users(id),
  body text not null,
  file jsonb,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  unique (company_id, uuid),
  foreign key (company_id, report_id) references report_attentions(company_id, report_id) on delete cascade
);
create index notes_report_idx on notes (company_id, report_id, id);

create table likes (
  id serial primary key,
  report_id integer not null references reports(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  value smallint not null check (value in (1, -1)),
  created_at timestamptz not null default now(),
  unique (report_id, user_id)
);

create table followers (
  company_id integer not null,
  report_id integer not null,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (company_id, report_id, user_id),
  foreign key (company_id, report_id) references report_attentions(company_id, report_id) on delete cascade
);

create table activity_log (
  company_id integer not null references companies(id) on delete cascade,
  id bigserial,
  report_id integer references reports(id) on delete cascade,
  actor_user_id integer references users(id),
  action text not null,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index activity_log_report_idx on activity_log (company_id, report_id, id);

create table automatic_answers (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  title text not null,
  answer text not null,
  answer_type text not null default 'comment',
  report_type_id integer references report_types(id),
  usable_in_management boolean not null default true,
  usable_in_closure boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);

-- Access tokens are kept only as a SHA-256 hash of the random secret.
create table access_tokens (
  token_hash bytea primary key,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text
);
create index access_tokens_user_idx on access_tokens (user_id);

-- Single-use WebSocket tickets (hashed), valid a few seconds.
create table realtime_tickets (
  ticket_hash bytea primary key,
  user_id integer not null references users(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  -- The access token the ticket was issued under: logging it out closes the socket.
  access_token_hash bytea not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create table login_failures (
  id bigserial primary key,
  email text,
  ip text,
  at timestamptz not null default now()
);
create index login_failures_email_idx on login_failures (email, at);
create index login_failures_ip_idx on login_failures (ip, at);

-- The per-company event stream: seq increases by one per company, written in the same transaction
-- as the change it announces, so a reconnecting client can ask for what it missed.
create table company_event_seq (
  company_id integer primary key references companies(id) on delete cascade,
  last_seq integer not null default 0
);

create table events (
  company_id integer not null references companies(id) on delete cascade,
  seq integer not null,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now(),
  primary key (company_id, seq)
);

create table connectivity_logs (
  id bigserial primary key,
  user_id integer references users(id) on delete cascade,
  company_id integer references companies(id) on delete cascade,
  type text,
  events jsonb not null,
  received_at timestamptz not null default now()
);
