-- Stolen-vehicle plate lookup and click-to-call (issue 17).
--
-- The police service's answers, kept a short configured time (PLATE_CACHE_SECONDS) so a plate asked
-- again soon, by any operator of any process, does not ask the service again. A plate's stolen status
-- is the police's, not a company's, so the cache is shared. Only answers are cached, never failures.
create table plate_cache (
  plate text primary key check (plate ~ '^[A-Z0-9]{5,6}$'),
  stolen boolean not null,
  vehicle jsonb,
  checked_at timestamptz not null,
  expires_at timestamptz not null
);
create index plate_cache_expires_idx on plate_cache (expires_at);

-- Every lookup (who, when, which plate, how it ended), read by the company's admins newest first.
create table plate_lookups (
  company_id integer not null references companies(id) on delete cascade,
  id bigserial,
  user_id integer references users(id) on delete set null,
  plate text not null check (length(plate) <= 40),
  result text not null check (result in ('stolen', 'clear', 'timeout', 'validationFailed', 'connectionFailed')),
  cached boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index plate_lookups_company_idx on plate_lookups (company_id, created_at desc, id desc);
create index plate_lookups_plate_idx on plate_lookups (company_id, plate, created_at desc);

-- The stolen-plate flag (SPEC §3): the plate an operator of the company found stolen for this report.
alter table report_attentions add column stolen_plate text check (stolen_plate ~ '^[A-Z0-9]{5,6}$');
