-- Search (issue 11): accent-insensitive, typo-tolerant matching of reports and comments.
-- unaccent() is only stable (its dictionary could change), so an index cannot use it directly; this
-- wrapper names the dictionary and is declared immutable, which is what the indexes below need. Names are
-- schema-qualified: index builds and maintenance run with a restricted search_path.
create or replace function f_unaccent(text) returns text
  language sql immutable parallel safe strict
  as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- The searchable text of a report: title, description and address, lower-cased and without accents.
create or replace function report_search_text(title text, description text, address text) returns text
  language sql immutable parallel safe
  as $$ select public.f_unaccent(lower(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(address, ''))) $$;

create index reports_search_trgm_idx on reports using gin (report_search_text(title, description, address) gin_trgm_ops);
create index comments_search_trgm_idx on comments using gin (f_unaccent(lower(body)) gin_trgm_ops);
