-- Login throttle (issue 14): growing delays per e-mail and per address instead of a hard lock, and the
-- devices a user has signed in from, which keep getting in with the right password while someone else
-- hammers the account.

-- A known device's failures count against that device only (its owner mistyping), never against the
-- e-mail or the address, so an attacker's failures and the owner's are told apart.
alter table login_failures add column device_hash bytea;
create index login_failures_device_idx on login_failures (device_hash, at) where device_hash is not null;

-- A device a user signed in from: the secret of its cookie is stored only hashed. Kept while used
-- (the retention purge drops the ones unused for 90 days).
create table login_devices (
  token_hash bytea primary key,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);
create index login_devices_user_idx on login_devices (user_id);
create index login_devices_last_used_idx on login_devices (last_used_at);
