-- Information gathering with a dynamic form (issue 17 with the forms issue): the form the operator chose
-- is kept on the gathering as it was when asked (title, version, components and the selector lists'
-- items it uses), so editing or deleting the template afterwards changes neither what the reporter
-- answers nor how the answers read; the reporter's values and extra texts arrive in form_values.
alter table report_gatherings
  add column form jsonb,
  add column form_values jsonb;
