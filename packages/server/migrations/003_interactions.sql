-- What people add to a report: stored files, community follows, community flags on comments.

-- Every uploaded file, named by the server. A file is served only through this row, which says whose
-- it is: a note's file (company_id + note_id: that company only), a comment's attachment (comment_id)
-- or report media (neither). A file on disk without a row is never served.
create table stored_files (
  name text primary key,
  report_id integer not null references reports(id) on delete cascade,
  comment_id integer references comments(id) on delete cascade,
  company_id integer references companies(id) on delete cascade,
  note_id integer,
  mime text not null,
  size integer not null check (size >= 0),
  original_name text,
  created_at timestamptz not null default now(),
  foreign key (company_id, note_id) references notes(company_id, id) on delete cascade,
  check ((company_id is null) = (note_id is null)),
  check (comment_id is null or note_id is null)
);
create index stored_files_report_idx on stored_files (report_id);

-- Community app users following a report (operators follow per company in `followers`).
create table app_followers (
  report_id integer not null references reports(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (report_id, user_id)
);
create index app_followers_user_idx on app_followers (user_id);

-- Community users flagging a comment; from three distinct reporters on, the comment is hidden.
create table comment_flags (
  comment_id integer not null references comments(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (comment_id, user_id)
);
