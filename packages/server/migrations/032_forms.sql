-- Dynamic forms (issue 16): categories, templates with their versions, submissions, public fill links.

create table form_categories (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  -- A subcategory's category; null for a category.
  parent_id integer,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, parent_id) references form_categories (company_id, id) on delete cascade
);
-- SPEC §5: names unique among their siblings, letter case aside.
create unique index form_categories_name_idx on form_categories (company_id, coalesce(parent_id, 0), lower(name));

-- A template's identity, its current version and its deletion. Its id is the one the portal and the
-- apps use across versions.
create table form_templates (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  version integer not null default 1,
  deleted_at timestamptz,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);
create unique index form_templates_id_idx on form_templates (id);

-- Every version of a template: a version that has submissions is never changed again (editing it
-- writes the next one), so each submission reads with the version it filled.
create table form_template_versions (
  company_id integer not null,
  template_id integer not null,
  version integer not null,
  title text not null,
  category_id integer,
  subcategory_id integer,
  report_type_id integer,
  components jsonb not null,
  created_at timestamptz not null default now(),
  primary key (company_id, template_id, version),
  foreign key (company_id, template_id) references form_templates (company_id, id) on delete cascade
);

create table form_submissions (
  company_id integer not null,
  id serial,
  template_id integer not null,
  version integer not null,
  "values" jsonb not null,
  extras jsonb not null default '{}',
  author_id integer references users(id) on delete set null,
  -- portal, app or public (a fill link).
  via text not null,
  link_id integer,
  report_id integer references reports(id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, template_id, version) references form_template_versions (company_id, template_id, version) on delete cascade
);
create index form_submissions_template_idx on form_submissions (company_id, template_id, created_at desc, id desc);

-- Public fill links: a token per link, revocable, optionally expiring.
create table form_links (
  company_id integer not null,
  id serial,
  template_id integer not null,
  token text not null,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, template_id) references form_templates (company_id, id) on delete cascade
);
create unique index form_links_token_idx on form_links (token);

-- Images attached to submissions (JPEG/PNG): uploaded first, then claimed by the submission that names
-- them; read by the company's members.
create table form_files (
  company_id integer not null,
  name text not null,
  template_id integer not null,
  submission_id integer,
  mime text not null,
  size integer not null check (size >= 0),
  original_name text,
  created_at timestamptz not null default now(),
  primary key (company_id, name),
  foreign key (company_id, template_id) references form_templates (company_id, id) on delete cascade
);
create unique index form_files_name_idx on form_files (name);
