-- What this deployment is called where it shares something with others (issue 14: two deployments on
-- one Redis must not hear each other's events): a random id made once with the database, the same for
-- every process that uses it.
create table deployment (
  id boolean primary key default true check (id),
  uuid uuid not null default gen_random_uuid()
);
insert into deployment default values;
