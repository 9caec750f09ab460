-- A company admin deletes a report for their organisation (SPEC §7 DELETE /reports/{id}, deletedBy admin).
-- A community report is shared by every company attending it, so the deletion is kept on this company's
-- attention, not on the report: the other organisations keep working it. reports.deleted_at/deleted_by
-- stay the author's deletion (SPEC §4 in_deleting_progress).
alter table report_attentions add column deleted_at timestamptz;
alter table report_attentions add column deleted_by_user_id integer references users(id);

-- The history (every report of a window, newest first) and the activity feed read by company and time.
create index activity_log_company_time_idx on activity_log (company_id, created_at desc);
