-- Client error reporting (issue 18): uncaught errors and failed API calls the portal reports, kept
-- 30 days (the retention purge) and read by the provider's administrators grouped by message and
-- release. Texts arrive scrubbed (no tokens, query strings, e-mails or phone numbers) and bounded.
create table client_errors (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  -- The group: the same message in the same release (md5 of both, so the listing groups on one column).
  group_id text not null,
  release text not null,
  kind text not null check (kind in ('error', 'unhandledrejection', 'boundary', 'api')),
  message text not null,
  stack text,
  route text not null,
  status smallint,
  method text,
  -- Occurrences this row stands for (the client counts repeats instead of sending each).
  count integer not null default 1,
  -- Who saw it, from the access token; the company only when the user is a member of it. Kept when
  -- the account or company goes (the error happened), without the link.
  user_id integer references users(id) on delete set null,
  company_id integer references companies(id) on delete set null,
  user_agent text
);
create index client_errors_group_idx on client_errors (group_id, received_at desc);
create index client_errors_release_idx on client_errors (release, received_at desc);
create index client_errors_received_idx on client_errors (received_at);
