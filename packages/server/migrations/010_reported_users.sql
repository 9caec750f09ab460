-- Complaints against community users (SPEC §7 POST /reports/issue): about one of their reports, one of
-- their comments, or the user. One per complainant and target item (target_kind, target_id): a repeat
-- answers the first. report_id is the report the complaint is about (a comment's report), so a company
-- sees only complaints about reports it attends, within its members' restrictions. company_id is the
-- company an operator filed a complaint about a user from (null for community complainants).
create table user_complaints (
  id serial primary key,
  complainant_id integer not null references users(id) on delete cascade,
  target_user_id integer not null references users(id) on delete cascade,
  target_kind text not null check (target_kind in ('report', 'comment', 'user')),
  target_id integer not null,
  report_id integer references reports(id) on delete cascade,
  comment_id integer references comments(id) on delete cascade,
  company_id integer references companies(id) on delete cascade,
  reason text not null,
  body text not null default '',
  created_at timestamptz not null default now(),
  unique (complainant_id, target_kind, target_id)
);
create index user_complaints_target_idx on user_complaints (target_user_id);
create index user_complaints_report_idx on user_complaints (report_id);
