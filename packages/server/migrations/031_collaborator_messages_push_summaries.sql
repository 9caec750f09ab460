-- Issue 15: messages to collaborators with read receipts, browser push (VAPID keys and subscriptions),
-- and the daily and monthly summary e-mails (one row per user and period, so two processes never send
-- the same summary twice).

-- A message from a member of the organisation to other members: chosen people, teams, or everyone.
-- The addressees as written are kept for the sender's view; the people it reached are its recipients.
create table collaborator_messages (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  sender_user_id integer references users(id) on delete set null,
  title text not null,
  body text not null,
  everyone boolean not null default false,
  user_ids integer[] not null default '{}',
  team_ids integer[] not null default '{}',
  created_at timestamptz not null default now()
);
-- The sent view: a member's messages of a company, newest first.
create index collaborator_messages_sender_idx on collaborator_messages (company_id, sender_user_id, id desc);

-- Who a message reached, and when each read it (the read receipts).
create table collaborator_message_recipients (
  message_id integer not null references collaborator_messages(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  read_at timestamptz,
  primary key (message_id, user_id)
);
-- The received view, newest first, and the unread count of the menu.
create index collaborator_recipients_user_idx on collaborator_message_recipients (company_id, user_id, message_id desc);
create index collaborator_recipients_unread_idx on collaborator_message_recipients (company_id, user_id) where read_at is null;

-- Notification kinds are the shared enum (NOTIFICATION_KINDS), checked where they are written; a
-- database list of them would have to be rewritten by every branch that adds one.
alter table notifications drop constraint if exists notifications_kind_check;

-- The deployment's VAPID key pair (Web Push), generated at first start: one row, whichever process
-- inserts it first wins and every process reads the same.
create table push_keys (
  id boolean primary key default true check (id),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);

-- A browser's push subscription for a user; the push service's 404/410 removes it.
create table push_subscriptions (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  last_sent_at timestamptz
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);

-- A summary e-mail sent (or being sent) to a user for a period: 'daily' with the local day it covers
-- ('2026-11-25'), 'monthly' with the local month ('2026-11'). The primary key is the exactly-once rule.
create table summary_mails (
  user_id integer not null references users(id) on delete cascade,
  period text not null check (period in ('daily', 'monthly')),
  period_key text not null,
  mail_id integer,
  created_at timestamptz not null default now(),
  primary key (user_id, period, period_key)
);
