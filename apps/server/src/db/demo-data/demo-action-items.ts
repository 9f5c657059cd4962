import { sql } from 'drizzle-orm';
import type { TTx } from '../client.js';

/**
 * The action items the demo activity already fulfils (issue #18 item 4), completed at seed as their events
 * would have completed them: a demo member who is in a group, started a conversation, booked a meeting,
 * answered a question, offers help, uploaded a document or told a career story does not see that step as
 * still to do. The same rules as the events (modules/action-items AVAILABLE_ACTION_ITEMS): group_register
 * per group hub, build_your_network and number_of_meetings per thread or meeting hub, share_your_experience
 * per answer hub, offer_expertise in hubs whose user type offers help, upload_documents and career_stories in
 * every hub of the member. complete_profile is left to the member's next profile save (the score is computed
 * where profiles are presented), as the badges do. Runs once, inside the demo seed's transaction.
 */
export async function seedDemoActionItemCompletions(
  tx: TTx,
  options: { clusterId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    insert into action_item_completions (cluster_id, hub_id, user_id, type, completed_at, completed_by)
    select distinct ${options.clusterId}::uuid, facts.hub_id, facts.user_id, facts.type, ${options.now}::timestamptz, 'event'
    from (
      select gm.hub_id, gm.user_id, 'group_register' as type from group_memberships gm
      union select t.hub_id, t.from_user_id, 'build_your_network' from threads t where t.hub_id is not null
      union select m.hub_id, m.from_user_id, 'number_of_meetings' from meetings m
        where m.hub_id is not null and m.status in ('accepted', 'completed')
      union select m.hub_id, m.to_user_id, 'number_of_meetings' from meetings m
        where m.hub_id is not null and m.status in ('accepted', 'completed')
      union select a.hub_id, a.author_id, 'share_your_experience' from answers a where a.hidden_at is null
      union select hm.hub_id, hm.user_id, 'offer_expertise' from hub_memberships hm
        join users u on u.id = hm.user_id
        join user_types ut on ut.id = hm.user_type_id
        where ut.can_offer_help and cardinality(u.help_topics) > 0
      union select hm.hub_id, hm.user_id, 'upload_documents' from hub_memberships hm
        where exists (select 1 from user_files f where f.user_id = hm.user_id and f.kind <> 'photo')
      union select hm.hub_id, hm.user_id, 'career_stories' from hub_memberships hm
        where exists (select 1 from career_stories s where s.user_id = hm.user_id)
    ) facts
    where facts.user_id is not null
    on conflict do nothing
  `);
}
