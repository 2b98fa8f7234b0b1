-- How each published version fared when the server rendered the pages from it: when it was
-- rendered, or why it could not be (the previous pages stay). Members read it beside the version,
-- so the one who published learns what to fix without the server's log. The server writes it.

alter table public.site_content_versions
  add column if not exists rendered_at timestamptz,
  add column if not exists render_problem text;

comment on column public.site_content_versions.rendered_at is
  'When the server last rendered the pages from this version; null until it has.';
comment on column public.site_content_versions.render_problem is
  'Why the server could not render the pages from this version, in words a member can act on; the previous pages stay.';
