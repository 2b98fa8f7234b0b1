import type { Queryable } from "../db/database.ts";
import type { OutboxMail, ReplyFacts, SubmissionFacts } from "./compose.ts";

export interface ClaimedMail {
  mail: OutboxMail;
  submission: SubmissionFacts | null;
  /** For a registration's confirmation: Mutakallim as the site publishes it now, unchecked. */
  program: unknown;
  /** For a reply: the member's words and the thread's earlier mails. */
  reply: ReplyFacts | null;
}

/** How long the worker keeps trying a mail; after that it is marked failed for the inbox. */
export const giveUpAfterSeconds = 86_400;

/**
 * Takes the next due mail for `claimSeconds`. FOR UPDATE SKIP LOCKED: instances claiming at the
 * same moment each get a different row, and none waits for another.
 */
export async function claimNextMail(
  db: Queryable,
  claimSeconds: number,
): Promise<ClaimedMail | null> {
  const { rows } = await db.query<
    OutboxMail & { submission: SubmissionFacts | null; program: unknown; reply: ReplyFacts | null }
  >(
    `with due as (
       select id from public.mail_outbox
        where status = 'pending' and next_attempt_at <= now()
          and (claimed_until is null or claimed_until <= now())
        order by next_attempt_at, id
        limit 1
        for update skip locked
     )
     update public.mail_outbox as outbox
        set claimed_until = now() + make_interval(secs => $1), attempts = outbox.attempts + 1
       from due
      where outbox.id = due.id
     returning outbox.id::text, outbox.message_id::text, outbox.kind, outbox.submission_id::text,
       outbox.recipient, outbox.language, outbox.link, outbox.attempts,
       (select json_build_object('id', s.id::text, 'name', s.name, 'email', s.email,
          'phone', s.phone, 'message', s.message, 'form_source', s.form_source,
          'language', s.language, 'created_at', s.created_at)
          from public.contact_submissions s where s.id = outbox.submission_id) as submission,
       case when outbox.kind = 'registration' then
         (select published.content -> 'mutakallim' from public.published_site_content published)
       end as program,
       case when outbox.kind = 'reply' then
         (select json_build_object(
            'body', m.body, 'author_name', m.author_name,
            'confirmed', exists (select 1 from public.mail_outbox c
                                  where c.submission_id = outbox.submission_id
                                    and c.kind = 'registration' and c.status = 'sent'),
            -- What the visitor was sent, and what they mailed back, before this reply.
            'thread', coalesce((
              select json_agg(json_build_object('ours', t.ours, 'id', t.id) order by t.at, t.ord)
                from (select true as ours, o.message_id::text as id, o.created_at as at, o.id as ord
                        from public.mail_outbox o
                       where o.submission_id = outbox.submission_id and o.id < outbox.id
                         and o.kind in ('registration', 'reply') and o.status = 'sent'
                      union all
                      select false, i.mail_message_id, i.created_at, i.id
                        from public.submission_messages i
                       where i.submission_id = outbox.submission_id and i.direction = 'in'
                         and i.mail_message_id is not null and i.created_at < m.created_at) t),
              '[]'::json))
            from public.submission_messages m where m.outbox_id = outbox.id)
       end as reply`,
    [claimSeconds],
  );
  const row = rows[0];
  if (!row) return null;
  const { submission, program, reply, ...mail } = row;
  return { mail, submission, program, reply };
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update public.mail_outbox
        set status = 'sent', sent_at = now(), claimed_until = null, last_error = null, link = null
      where id = $1`,
    [id],
  );
}

/**
 * A failed attempt: tried again after 10 s, 20 s, 40 s … at most 15 minutes apart, until a day
 * after the mail was written; then, or at once when `final`, it is marked failed.
 */
export async function markAttemptFailed(
  db: Queryable,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db.query(
    `update public.mail_outbox
        set claimed_until = null, last_error = left($2, 500),
            next_attempt_at = now() + least(interval '15 minutes',
              make_interval(secs => 10 * power(2, least(attempts - 1, 10)))),
            status = case when $3 or created_at < now() - make_interval(secs => $4)
                          then 'failed' else 'pending' end,
            link = case when $3 or created_at < now() - make_interval(secs => $4)
                        then null else link end
      where id = $1`,
    [id, error, final, giveUpAfterSeconds],
  );
}

/** Mails nobody could send within a day (mail was off, or the server down) are given up. */
export async function giveUpStaleMail(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `update public.mail_outbox
        set status = 'failed', link = null,
            last_error = coalesce(last_error, 'not sent within a day')
      where status = 'pending' and created_at < now() - make_interval(secs => $1)
        and (claimed_until is null or claimed_until <= now())
      returning id::text`,
    [giveUpAfterSeconds],
  );
  return rows.length;
}

/**
 * A worker vouches that mail is delivered for `forSeconds`: the inbox reads public.mail_delivery
 * and says mail is off once nobody vouches. The later promise of two instances stands.
 */
export async function vouchForDelivery(db: Queryable, forSeconds: number): Promise<void> {
  await db.query(
    `insert into public.mail_delivery (id, seen_at, live_until)
     values (true, now(), now() + make_interval(secs => $1))
     on conflict (id) do update
       set seen_at = excluded.seen_at,
           live_until = greatest(public.mail_delivery.live_until, excluded.live_until)`,
    [forSeconds],
  );
}
