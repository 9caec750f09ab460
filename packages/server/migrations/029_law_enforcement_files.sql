-- Law-enforcement request attachments (issue 13): the files an officer uploads with the form (PDF,
-- JPEG or PNG, checked by content, at most LAW_ENFORCEMENT_MAX_FILES per request), stored under
-- generated names in the files store like every upload, and read by the provider's administrators only,
-- always as downloads. Stored with the request in the same transaction; they go with it.
create table law_enforcement_files (
  -- The files of one request are listed in the order they were sent in.
  id bigint generated always as identity primary key,
  name text not null unique,
  request_id integer not null references law_enforcement_requests(id) on delete cascade,
  mime text not null,
  size integer not null check (size >= 0),
  original_name text,
  created_at timestamptz not null default now()
);
create index law_enforcement_files_request_idx on law_enforcement_files (request_id);
