-- The report's remaining life (issue 17, first half): review, information gathering, rating, substatus.

-- Review (SPEC §4 "pending review, approved"): a company that turns it on holds the app reports of new
-- reporters (an account younger than review_new_reporter_days) and of flagged ones (complaints against
-- the reporter at or above review_abuse_threshold) until a company admin decides.
alter table companies
  add column review_enabled boolean not null default false,
  add column review_new_reporter_days integer not null default 7 check (review_new_reporter_days between 0 and 3650),
  add column review_abuse_threshold integer not null default 3 check (review_abuse_threshold between 1 and 10000);

-- A held report has no attention in that company yet: the panel's lists, counters, search, maps,
-- dashboards and live events never see it, with no condition added to their statements. Approving
-- opens the attention (and sends the newReport event); discarding keeps it out for good. The row stays,
-- so an approved report says so on its detail.
create table report_reviews (
  company_id integer not null references companies(id) on delete cascade,
  report_id integer not null references reports(id) on delete cascade,
  state text not null default 'pending' check (state in ('pending', 'approved', 'discarded')),
  reason text not null check (reason in ('newReporter', 'flagged')),
  created_at timestamptz not null default now(),
  decided_by integer references users(id) on delete set null,
  decided_at timestamptz,
  primary key (company_id, report_id)
);
-- The queue: a company's pending reviews, oldest first.
create index report_reviews_queue_idx on report_reviews (company_id, state, report_id);
-- "Is this reporter flagged": complaints against a user are counted at intake.
-- (user_complaints_target_idx of migration 010 already serves it.)

-- Substatuses (SPEC §3 Company substatuses, Report substatus): rows with ids instead of the text array
-- on companies, so a report points at one and a renamed substatus renames it on every report. A deleted
-- one stays for the reports that carry it and leaves the list; its name is free again.
create table company_substatuses (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  position integer not null default 0,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create unique index company_substatuses_name_key on company_substatuses (company_id, lower(name)) where deleted_at is null;
insert into company_substatuses (company_id, name, position)
select c.id, s.name, s.ord::int
  from companies c cross join lateral unnest(c.substatuses) with ordinality as s(name, ord)
 where not exists (select 1 from unnest(c.substatuses) with ordinality as d(name, ord)
                    where lower(d.name) = lower(s.name) and d.ord < s.ord)
 order by c.id, s.ord;
alter table companies drop column substatuses;

alter table report_attentions add column substatus_id integer;
alter table report_attentions add constraint report_attentions_substatus_fkey
  foreign key (company_id, substatus_id) references company_substatuses (company_id, id);

-- Information gathering (SPEC §3 AI gathering per report): an operator of the attending company asks
-- the reporter questions (free ones, or later a dynamic form: form_template_id, nullable until the forms
-- issue lands); the reporter's app answers once, which completes it. One per company and report;
-- clearing deletes it (the activity log keeps what happened).
create table report_gatherings (
  id serial primary key,
  company_id integer not null,
  report_id integer not null,
  form_template_id integer,
  questions jsonb not null,
  answers jsonb,
  started_by integer references users(id) on delete set null,
  started_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (company_id, report_id),
  foreign key (company_id, report_id) references report_attentions (company_id, report_id) on delete cascade
);
create index report_gatherings_report_idx on report_gatherings (report_id);

-- Rating (SPEC §3 Rating: points, body): the reporter rates the attention once, after it was closed.
alter table reports
  add column rating_points smallint check (rating_points between 1 and 5),
  add column rating_body text,
  add column rated_at timestamptz;
