-- Duplicate suggestions (issue 18): when a report arrives, the open reports of the same type near it
-- and shortly before it are suggested as the one it repeats.
--
-- The radius and window are set per company and report type; null keeps the default (250 m and 2 hours,
-- 1 km and 24 hours for the city-issue category), decided in the query so a catalogue change needs no
-- data migration.
alter table company_report_types
  add column duplicate_radius_m integer check (duplicate_radius_m is null or duplicate_radius_m between 10 and 10000),
  add column duplicate_window_minutes integer check (duplicate_window_minutes is null or duplicate_window_minutes between 5 and 10080);

-- The suggestion query reads one type's reports in a time window ending at the new report, then keeps
-- those inside a bounding box on the included point and tests the exact earth_distance on the few left.
-- A GiST index on ll_to_earth (cube) would index the distance itself, but breaks dump/restore on
-- PostgreSQL 15 (see 004_closure.sql); at any realistic window a type has few reports, so the btree
-- range on (type, time) is what narrows, and the id and point come from the index without a heap visit.
create index reports_type_time_idx on reports (type_id, created_at) include (id, latitude, longitude, deleted_at);

-- A suggestion the operator dismissed on a report: never suggested again on that report, for that company.
create table duplicate_dismissals (
  company_id integer not null,
  report_id integer not null,
  original_id integer not null references reports(id) on delete cascade,
  dismissed_by integer references users(id) on delete set null,
  dismissed_at timestamptz not null default now(),
  primary key (company_id, report_id, original_id),
  foreign key (company_id, report_id) references report_attentions(company_id, report_id) on delete cascade
);
