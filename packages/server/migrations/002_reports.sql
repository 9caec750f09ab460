-- Report intake and workflow: idempotent creation from the app, no duplicate comments or notes.
alter table reports add column client_id uuid;
create unique index reports_client_id_key on reports (client_id) where client_id is not null;

create unique index comments_no_duplicate on comments (report_id, coalesce(user_id, 0), coalesce(company_id, 0), md5(body));
create unique index notes_no_duplicate on notes (company_id, report_id, user_id, md5(body));
create index report_attentions_followup_idx on report_attentions (company_id, followup_id);
create index report_attentions_assigned_idx on report_attentions (company_id, assigned_user_id);
