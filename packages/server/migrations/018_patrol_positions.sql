-- Patrol positions (issue 10): the patrol app sends where it is; operators see each patrol's last
-- position (for an hour, SPEC §9) and status on the maps. Every position is kept (a patrol's route can
-- be replayed) and the latest one also sits on the membership, so the map reads one row per patrol.
create table patrol_positions (
  company_id integer not null references companies(id) on delete cascade,
  id bigserial not null,
  user_id integer not null references users(id) on delete cascade,
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  accuracy_m real,
  heading real,
  speed_mps real,
  recorded_at timestamptz not null,
  received_at timestamptz not null default now(),
  primary key (company_id, id)
);
-- A patrol's route in time order.
create index patrol_positions_route_idx on patrol_positions (company_id, user_id, recorded_at);
-- The retention purge deletes by age.
create index patrol_positions_received_idx on patrol_positions (received_at);

alter table memberships add column last_latitude double precision;
alter table memberships add column last_longitude double precision;
alter table memberships add column last_heading real;
alter table memberships add column last_position_at timestamptz;
