-- The report's flags of issue 17 (second half): highlighted, premium reporters, isFavorite, seen,
-- turnOffComments and edited comments and notes.

-- Highlighted: an operator pins the report to the top of its tab for everyone of the company, so it
-- belongs to the company's attention (another attending organisation pins its own).
alter table report_attentions
  add column highlighted boolean not null default false,
  add column highlighted_at timestamptz,
  add column highlighted_by integer references users(id) on delete set null;

-- turnOffComments: the community's comments live on the shared report, so closing it to new ones is a
-- fact of the report (every attending organisation sees it closed), with who closed it.
alter table reports
  add column turn_off_comments boolean not null default false,
  add column comments_turned_off_by_company_id integer references companies(id) on delete set null;

-- A reporter's subscription (SPEC §3 user.subscription): the plan and, optionally, when it ends. The
-- SPEC §6 gates premium_alert and subscription_badges decide which organisations see it.
alter table users
  add column subscription text check (subscription in ('premium')),
  add column subscription_until timestamptz;

-- isFavorite and seen are one operator's own: a row per member and report they starred or opened.
-- The primary key serves "my favourites of this company" and "which of these reports did I open".
create table report_user_marks (
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  report_id integer not null references reports(id) on delete cascade,
  is_favorite boolean not null default false,
  seen_at timestamptz,
  primary key (company_id, user_id, report_id)
);
-- A report's deletion cascades through this index.
create index report_user_marks_report_idx on report_user_marks (report_id);

-- edited: a comment or note changed by its author after posting keeps when it was last edited.
alter table comments add column edited_at timestamptz;
alter table notes add column edited_at timestamptz;

-- The panel reads a tab's highlighted reports apart (few) before its page of the others.
create index report_attentions_highlighted_idx on report_attentions (company_id, status) where highlighted and deleted_at is null;
