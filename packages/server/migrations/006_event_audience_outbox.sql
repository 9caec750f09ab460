-- Who may receive each event (SPEC §6): the report's zone ids, type id and assigned user, snapshotted
-- when the event is stored. Null (every event stored before this) means everyone of the company.
alter table events add column audience jsonb;

-- Events stored but not yet known to be on the bus. A row is written with its event, in the same
-- statement, and deleted (in batches) once the event was published; the relay publishes the rows
-- that stay past due_at (the publish failed, or its process died) and leases them while it does.
create table event_outbox (
  company_id integer not null,
  seq integer not null,
  due_at timestamptz not null default clock_timestamp() + interval '1 second',
  primary key (company_id, seq)
);
