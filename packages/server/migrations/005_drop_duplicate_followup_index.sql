-- report_attentions_followup_idx repeats the unique key (company_id, followup_id) of 001, which already
-- serves polling by followup id; every new attention paid for both.
drop index if exists report_attentions_followup_idx;
