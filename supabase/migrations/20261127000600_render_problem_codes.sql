-- Why a version's pages are not served becomes a code and its detail (src/shared/render-problem.ts)
-- instead of English words, so the editor says it in the member's language, and only a problem of
-- the content is written there: a render that failed for another reason (the build's files,
-- memory) is tried again by the server and leaves the version unmarked (docs/decisions/0023).
--
-- Versions marked before: the server's generic failure was never the content's, and is cleared,
-- so that the server serves that version again at its next start; each problem of the content
-- ("programs[0].title.en: is longer than 40 characters", a line each) becomes its field and kind.

do $$
begin
  if (select data_type from information_schema.columns
       where table_schema = 'public' and table_name = 'site_content_versions'
         and column_name = 'render_problem') = 'text' then
    update public.site_content_versions
       set render_problem = null
     where render_problem like 'The pages could not be rendered%';

    update public.site_content_versions version
       set render_problem = jsonb_build_object(
             'code', 'content_invalid',
             'problems', (
               select coalesce(jsonb_agg(jsonb_build_object(
                        'path', (
                          select coalesce(jsonb_agg(
                                   case when part ~ '^\d+$' then to_jsonb(part::integer)
                                        else to_jsonb(part) end
                                   order by position), '[]'::jsonb)
                            from regexp_split_to_table(
                                   regexp_replace(split_part(line, ': ', 1), '\[(\d+)\]', '.\1', 'g'),
                                   '\.') with ordinality as parts (part, position)
                           where part <> '' and part <> 'the document'),
                        'kind', case
                                  when line ~ ': is longer than \d+ characters$' then 'tooLong'
                                  when line ~ ': is empty$' then 'empty'
                                  else 'invalid'
                                end)
                      || case when line ~ ': is longer than \d+ characters$'
                              then jsonb_build_object('limit',
                                     (substring(line from ': is longer than (\d+) characters$'))::integer)
                              else '{}'::jsonb end
                      order by number), '[]'::jsonb)
                 from regexp_split_to_table(version.render_problem, E'\n')
                      with ordinality as lines (line, number)
             ))::text
     where render_problem is not null;

    alter table public.site_content_versions
      alter column render_problem type jsonb using render_problem::jsonb;
  end if;
end
$$;

alter table public.site_content_versions
  drop constraint if exists site_content_versions_render_problem;
alter table public.site_content_versions
  add constraint site_content_versions_render_problem
  check (render_problem is null
         or (jsonb_typeof(render_problem) = 'object' and render_problem ->> 'code' is not null));

comment on column public.site_content_versions.render_problem is
  'Why the server will not serve the pages of this version: a problem of its content, as {"code": "content_invalid", "problems": [{"path", "kind", "limit"}]} or {"code": "page_failed", "page"}; null otherwise. The previous pages stay.';
