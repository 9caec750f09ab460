-- Open311 GeoReport v2 (issue 18): API keys of an organisation. A key is shown once when created; only
-- its SHA-256 is stored (a 256-bit random key needs no slow hash), with a short prefix so a list can
-- tell keys apart. A revoked key stays listed, and refused.
create table api_keys (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  prefix text not null,
  key_hash bytea not null unique,
  created_by_user_id integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_company_idx on api_keys (company_id, id);

-- A link to media an Open311 client sent with its request (media_url); answered back to Open311 readers.
alter table reports add column media_url text;
