-- Forms tied to reports (issue 16, SPEC §3 workflow, sectionsUsers, optionalCode, extraInfo).

-- The form template a company's reports of one type follow (the report detail's "Formulario" tab).
-- A deleted template stays referenced (its submissions still read) but is no report's workflow.
create table report_type_workflows (
  company_id integer not null references companies(id) on delete cascade,
  report_type_id integer not null,
  template_id integer not null,
  updated_at timestamptz not null default now(),
  primary key (company_id, report_type_id),
  foreign key (company_id, template_id) references form_templates (company_id, id) on delete cascade
);

-- Per company attention: which members fill which section of the workflow form (section field key →
-- user ids; a section nobody is assigned to is open to whoever works the report), and the values the
-- form writes back onto the report (a code, and labelled answers).
alter table report_attentions
  add column sections_users jsonb not null default '{}',
  add column optional_code text,
  add column extra_info jsonb;

-- The report's latest workflow submission is read on every opening of the tab.
create index form_submissions_report_idx on form_submissions (company_id, report_id, template_id, id desc) where report_id is not null;
