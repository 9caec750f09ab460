-- Company settings, gates and freemium (issue 12).
--
-- SPEC §6 names companies by id for some features ("premium alert: 110, 268"). Those lists are data
-- here, not code branches: a company added to a gate gets the feature without a release. A gate may
-- name a company that does not exist (yet) in this deployment, so there is no foreign key.
create table company_gates (
  gate text not null check (gate in ('premium_alert', 'block_users_without_role', 'subscription_badges',
                                     'show_user_emails', 'phone_calls', 'report_apps_metrics')),
  company_id integer not null check (company_id > 0),
  primary key (gate, company_id)
);
insert into company_gates (gate, company_id) values
  ('premium_alert', 110), ('premium_alert', 268),
  ('block_users_without_role', 268), ('block_users_without_role', 110),
  ('subscription_badges', 110), ('subscription_badges', 268),
  ('show_user_emails', 11), ('show_user_emails', 1),
  ('phone_calls', 110), ('phone_calls', 268), ('phone_calls', 365),
  ('report_apps_metrics', 110), ('report_apps_metrics', 268);
-- "Which gates does this company have" (the settings answer) reads by company.
create index company_gates_company_idx on company_gates (company_id);

-- A freemium organisation asks the provider to lift its limits (SPEC §7 POST
-- /app-companies/freemium/upgrade-request). One open request per company: asking again while one is
-- open answers the same request. The provider closes it when lifting the flag.
create table upgrade_requests (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  requested_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_by integer references users(id) on delete set null,
  primary key (company_id, id)
);
create unique index upgrade_requests_open_key on upgrade_requests (company_id) where closed_at is null;
