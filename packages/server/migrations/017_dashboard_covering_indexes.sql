-- Dashboards and maps at a million reports (issue 10 benchmarks, bench/dashboard.mjs): the summary of the
-- largest company of the benchmark data set (19,000 reports in 90 days, statistics v2 reading the 90 days
-- before as well) answered at p50 540 ms, reading each window's attentions, reports and takes row by row
-- from the tables' heaps, scattered among the other companies' rows (5,600 attention pages, 9,500 report
-- pages, 2,800 log pages for one window), more than shared_buffers keeps. These indexes hold what the
-- window reads, so it is read from a few hundred contiguous index pages instead.

-- A company's window of attentions with what the dashboard's counts and attention times read of each
-- (status, deletion, closing and due times, the report): an index-only range scan. It replaces
-- report_attentions_company_created_idx of migration 016, which had the same key.
create index report_attentions_window_idx on report_attentions (company_id, created_at)
  include (report_id, status, deleted_at, closed_at, due_date);
drop index report_attentions_company_created_idx;

-- What the dashboards and maps read of a window's reports (type, the author's deletion, the point): looked up
-- by id from the index alone, without the wide report row.
create index reports_dashboard_idx on reports (id) include (type_id, deleted_at, latitude, longitude);

-- The few reports their authors deleted: a dashboard query that needs nothing else of the report leaves them
-- out with an anti-join on this index instead of joining every report of the window.
create index reports_deleted_idx on reports (id) where deleted_at is not null;

-- The takes and assignments of a company since a window began, with their report: the attention times read
-- them from the index alone. It replaces activity_log_take_idx of migration 016 (same key and predicate).
create index activity_log_take_report_idx on activity_log (company_id, created_at) include (report_id)
  where action in ('taken', 'assigned');
drop index activity_log_take_idx;
