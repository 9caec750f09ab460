-- A report any attending organisation made private is hidden from the community (its public page, the
-- app, the share link), so the report view asks, for each report it shows, whether some attention of it
-- is private (issue 32: the report's shareUrl). Attentions are keyed by company first: without this index
-- the question read every attention of every company. Private ones are few, so the index is small.
create index report_attentions_private_idx on report_attentions (report_id) where is_private;
