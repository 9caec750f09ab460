-- The report view's `edited` flag (migration 036) asks whether any comment or note of the report was
-- edited. With no index to answer it, PostgreSQL hashed the whole comments table once per statement (a
-- sequential scan of every comment, edited or not) for each page of the panel and of the history: 53–87 ms
-- of the panel's page at a million reports (bench/README.md, issue 37). Edited ones are few, so these
-- indexes are small and answer the question for a page of reports, or all of them, from the index alone.
create index comments_edited_idx on comments (report_id) where edited_at is not null;
create index notes_edited_idx on notes (company_id, report_id) where edited_at is not null;
