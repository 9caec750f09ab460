-- The panel's tab counters counted every attention of the company on each request: a year of closed
-- reports is a million index entries, 110–220 ms of every panel page at a million reports (issue 37,
-- bench/README.md). Closed reports only grow, and they change when an operator closes, reopens or an
-- admin deletes one, so their numbers are kept here by a trigger; the open statuses, as few as the
-- operators' work, are still counted. Only the numbers a member without restrictions sees: a member
-- restricted to zones, types or their own reports counts what they may see.
create table report_attention_closed_counts (
  company_id integer not null references companies (id) on delete cascade,
  status text not null check (status in ('solved', 'false')),
  n bigint not null default 0,
  primary key (company_id, status)
);

-- Kept per statement from its transition tables, so a bulk insert or close adds once per company and
-- status, and a statement that moves no closed attention (a take, a note, a new priority, the intake's
-- open reports) writes and locks nothing. (PostgreSQL allows transition tables only on single-event
-- triggers without a column list: three triggers, one function.)
create function report_attention_closed_counts_track() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into report_attention_closed_counts as c (company_id, status, n)
    select company_id, status, count(*) from new_rows
     where deleted_at is null and status in ('solved', 'false') group by company_id, status
    on conflict (company_id, status) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    update report_attention_closed_counts c set n = c.n - d.n
      from (select company_id, status, count(*) as n from old_rows
             where deleted_at is null and status in ('solved', 'false') group by company_id, status) d
     where c.company_id = d.company_id and c.status = d.status;
  else
    insert into report_attention_closed_counts as c (company_id, status, n)
    select company_id, status, sum(d) from (
      select company_id, status, 1 as d from new_rows where deleted_at is null and status in ('solved', 'false')
      union all
      select company_id, status, -1 from old_rows where deleted_at is null and status in ('solved', 'false')
    ) moved group by company_id, status having sum(d) <> 0
    on conflict (company_id, status) do update set n = c.n + excluded.n;
  end if;
  return null;
end
$$;

create trigger report_attention_closed_counts_insert after insert on report_attentions
  referencing new table as new_rows for each statement execute function report_attention_closed_counts_track();
create trigger report_attention_closed_counts_update after update on report_attentions
  referencing old table as old_rows new table as new_rows for each statement execute function report_attention_closed_counts_track();
create trigger report_attention_closed_counts_delete after delete on report_attentions
  referencing old table as old_rows for each statement execute function report_attention_closed_counts_track();

insert into report_attention_closed_counts (company_id, status, n)
select company_id, status, count(*) from report_attentions
 where deleted_at is null and status in ('solved', 'false')
 group by company_id, status;
