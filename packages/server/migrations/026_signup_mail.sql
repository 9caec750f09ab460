-- Self-service sign-up, password reset, law-enforcement requests and the one mailer (issue 13).

-- Every mail the product sends, kept whatever happens to it: 'outbox' when no SMTP server is
-- configured (an admin screen and the tests read it), 'queued' while a job sends it, 'sent', or
-- 'failed' once its job gave up (still here, with its last error, to be sent again).
create table mail_outbox (
  id serial primary key,
  to_address text not null,
  subject text not null,
  body_text text not null,
  template text not null,
  lang text not null,
  state text not null check (state in ('outbox', 'queued', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_to_idx on mail_outbox (lower(to_address), id desc);

-- Single-use secrets mailed to someone: a pre-registration key (7 days), an e-mail verification, a
-- password reset, a law-enforcement access link (24 h). Stored only hashed.
create table one_time_codes (
  code_hash bytea primary key,
  purpose text not null check (purpose in ('signup', 'verify_email', 'password_reset', 'law_enforcement')),
  email text not null,
  user_id integer references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_codes_expires_idx on one_time_codes (expires_at);

-- A solved captcha is spent once: its signature is kept until the challenge would have expired.
create table captcha_spent (
  signature text primary key,
  expires_at timestamptz not null
);

-- Data requests of law-enforcement agencies, with their reference number and state.
create table law_enforcement_requests (
  id serial primary key,
  reference text not null unique,
  email text not null,
  agency text not null,
  officer_name text not null,
  officer_rank text not null,
  case_number text not null,
  legal_basis text not null,
  report_ids integer[] not null default '{}',
  area jsonb,
  window_start timestamptz,
  window_end timestamptz,
  attachments text[] not null default '{}',
  state text not null default 'received' check (state in ('received', 'in_review', 'answered', 'refused')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by integer references users(id) on delete set null
);
create index law_enforcement_requests_created_idx on law_enforcement_requests (created_at desc);
