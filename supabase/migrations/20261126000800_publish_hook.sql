-- Which published versions a server has taken to call the publish hook for (PUBLISH_HOOK_URL:
-- a static host's build hook). Every instance hears a publish; the one whose update marks the
-- version first makes the call, so several instances make one. The server writes it.

alter table public.site_content_versions
  add column if not exists hook_called_at timestamptz;

comment on column public.site_content_versions.hook_called_at is
  'When a server instance took this version to call the publish hook (PUBLISH_HOOK_URL) for; null until one has, and for versions published while no hook was set.';
