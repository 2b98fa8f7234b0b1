-- One live version (docs/decisions/0030): the newest version whose content does not break a page
-- (`render_problem`, written by the server for the content's own faults only). The pages, the
-- published view, the registration mail, a hosted build and the editor all read this one fact,
-- so none of them shows a version the others skip. A version not yet rendered is live at once:
-- its pages follow within seconds.

create or replace view public.published_site_content as
  select id as version, content, published_at
    from public.site_content_versions
   where render_problem is null
   order by id desc
   limit 1;

-- What publishing and restoring record as changed: the sections that differ from the live
-- version (all of them before the first).
create or replace function internal.changed_sections(next jsonb)
  returns text[]
  language sql
  stable
  set search_path = ''
as $$
  with live as (
    select version.content
      from public.site_content_versions as version
     where version.render_problem is null
     order by version.id desc
     limit 1
  )
  select coalesce(pg_catalog.array_agg(section order by section), '{}')
    from (select pg_catalog.jsonb_object_keys(next) as section
          union
          select pg_catalog.jsonb_object_keys(live.content) from live) as sections
   where (select live.content from live) -> section is distinct from next -> section;
$$;

-- A publish names the live version the member saw: the view's.
create or replace function internal.refuse_unreviewed(reviewed jsonb, base_version bigint)
  returns void
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  changed jsonb;
  live bigint;
begin
  if reviewed is null or pg_catalog.jsonb_typeof(reviewed) <> 'object' then
    raise exception 'Name the drafts you reviewed, as {"section": revision}'
      using errcode = '22023';
  end if;
  select published.version into live from public.published_site_content as published;
  changed := internal.drafts_changed_since(reviewed);
  if pg_catalog.jsonb_array_length(changed) = 0 and base_version is not distinct from live then
    return;
  end if;
  raise exception '%',
      case when pg_catalog.jsonb_array_length(changed) > 0
           then 'The drafts changed since you reviewed them'
           else pg_catalog.format('Version %s was published since you reviewed the drafts', live)
      end
    using errcode = 'PT409',
          detail = pg_catalog.jsonb_build_object('drafts', changed, 'version', live)::text,
          hint = 'Review the drafts again: nothing was published.';
end;
$$;
