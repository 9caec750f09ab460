-- Search at scale (issue 11): the folded (lower-case, unaccented) text of reports, their operator-written
-- contact and comments is stored, so neither the index recheck nor the ranking folds text row by row,
-- and the reporter's name is found through an index instead of a scan of every user and report.
-- concat_ws is only stable, so the texts are joined with ||, which generated columns accept.
alter table reports add column search_text text
  generated always as (report_search_text(title, description, address)) stored;
alter table reports add column contact_search_text text
  generated always as (case when contact is null then null else public.f_unaccent(lower(
    coalesce(contact->>'firstName', '') || ' ' || coalesce(contact->>'lastName', '') || ' ' ||
    coalesce(contact->>'phone', '') || ' ' || coalesce(contact->>'email', ''))) end) stored;
alter table comments add column search_text text generated always as (public.f_unaccent(lower(body))) stored;

drop index if exists reports_search_trgm_idx;
drop index if exists comments_search_trgm_idx;
create index reports_search_text_trgm_idx on reports using gin (search_text gin_trgm_ops);
create index reports_contact_search_trgm_idx on reports using gin (contact_search_text gin_trgm_ops) where contact_search_text is not null;
create index comments_search_text_trgm_idx on comments using gin (search_text gin_trgm_ops);

-- A community user as the search finds them: name, phone and e-mail, folded.
create or replace function user_search_text(first_name text, last_name text, phone text, email text) returns text
  language sql immutable parallel safe
  as $$ select public.f_unaccent(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(email, ''))) $$;
create index users_search_trgm_idx on users using gin (user_search_text(first_name, last_name, phone, email) gin_trgm_ops);

-- The words of reports and comments (folded, 3 to 30 letters or digits, not numbers alone), for typo-tolerant search: a
-- misspelt word is matched against this short list (trigram index) and the search runs again with the
-- closest known word, instead of comparing the misspelling with every report's text. Kept up by the
-- search itself from where search_words_progress says it stopped (see search/search-words.ts).
create table search_words (word text primary key);
create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops);
create table search_words_progress (
  id boolean primary key default true check (id),
  last_report_id integer not null default 0,
  last_comment_id integer not null default 0
);
insert into search_words (word)
  select w from reports, regexp_split_to_table(search_text, '[^a-z0-9]+') w where length(w) between 3 and 30 and w ~ '[a-z]'
  union select w from comments, regexp_split_to_table(search_text, '[^a-z0-9]+') w where length(w) between 3 and 30 and w ~ '[a-z]';
insert into search_words_progress (last_report_id, last_comment_id)
  values ((select coalesce(max(id), 0) from reports), (select coalesce(max(id), 0) from comments));
