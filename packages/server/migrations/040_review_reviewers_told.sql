-- A report held for review tells the company's reviewers once (report-life/review.service.ts,
-- tellReviewers): the job that does it marks the hold, so a job run again after a crash tells nobody twice.
alter table report_reviews add column reviewers_told_at timestamptz;
