-- A custom dashboard is shown through a page of its own (GET /api/dashboard-frames/{ticket}) whose CSP
-- frames that dashboard's origin alone, so the portal page frames nothing but its own origin and no
-- company's viewers may frame another company's dashboards. The page is opened by an iframe, which
-- cannot send the access-token header: a single-use ticket, valid a minute, stands for the viewer.
create table dashboard_frame_tickets (
  ticket_hash bytea primary key,
  company_id integer not null,
  dashboard_id integer not null,
  user_id integer not null references users(id) on delete cascade,
  -- The session it was issued under: a ticket of a session that ended opens nothing.
  access_token_hash bytea not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  foreign key (company_id, dashboard_id) references custom_dashboards(company_id, id) on delete cascade
);
create index dashboard_frame_tickets_expires_idx on dashboard_frame_tickets (expires_at);
