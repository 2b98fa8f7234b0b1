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
