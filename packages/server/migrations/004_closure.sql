-- Closure and report tools: counting neighbours near a report. A plain (latitude, longitude) index
-- serves the bounding box that narrows the exact earth_distance test; a GiST index on ll_to_earth
-- would be faster but breaks dump/restore on PostgreSQL 15 (earthdistance 1.1 resolves its helper
-- functions through search_path).
create index reports_lat_lng_idx on reports (latitude, longitude);

-- Answers are listed by usage and report type within one company.
create index automatic_answers_type_idx on automatic_answers (company_id, report_type_id);
