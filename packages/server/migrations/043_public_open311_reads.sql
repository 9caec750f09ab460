-- Issue 32: an organisation may let anyone read its Open311 requests without an API key (GeoReport v2
-- asks for a key on POST only). Off by default: safety reports can be sensitive.
alter table companies add column public_open311_reads boolean not null default false;
