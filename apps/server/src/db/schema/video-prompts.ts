import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userFiles } from './profiles.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { users } from './users.js';

/** How a video answer was given. */
export type TVideoAnswerSource = 'recorded' | 'uploaded' | 'link';

/**
 * A hub's video prompts (issue #20 item 3; spec 2 {hubPath}/video-prompt/{id}): a question members answer with a
 * video. RLS (migration 0040): read where the hub is visible, written by the hub's admins with manage-pathways.
 */
export const videoPrompts = pgTable(
  'video_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    question: text('question').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_prompts_hub_idx').on(t.hubId, t.createdAt),
    index('video_prompts_cluster_idx').on(t.clusterId),
  ],
);

/**
 * A member's answer to a video prompt (one per member and prompt): a video recorded in the browser or uploaded
 * (bytes in user_files, the uploader's data region, with a poster frame), or a link. RLS: read where the hub is
 * visible (others' answers are viewable); written by the member; removable by the hub's admins with manage-pathways.
 */
export const videoAnswers = pgTable(
  'video_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => videoPrompts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<TVideoAnswerSource>().notNull(),
    videoFileId: uuid('video_file_id').references(() => userFiles.id, { onDelete: 'set null' }),
    posterFileId: uuid('poster_file_id').references(() => userFiles.id, { onDelete: 'set null' }),
    linkUrl: text('link_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('video_answers_prompt_user_uq').on(t.promptId, t.userId),
    index('video_answers_prompt_idx').on(t.promptId, t.updatedAt, t.id),
    index('video_answers_user_idx').on(t.userId, t.hubId, t.updatedAt),
    index('video_answers_hub_idx').on(t.hubId),
    index('video_answers_cluster_idx').on(t.clusterId),
  ],
);
