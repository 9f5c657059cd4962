import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clusterIdColumn } from './tenancy.js';
import { userIdColumn } from './users.js';

/**
 * spec 3 Career story item: one row per user and prompt (the prompt id of the hub's prompt list). The
 * audio answer's bytes live in the storage of the owner's data region under a server-generated key.
 */
export const careerStories = pgTable(
  'career_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    promptId: text('prompt_id').notNull(),
    value: text('value'),
    link: text('link'),
    audioRegion: text('audio_region'),
    audioKey: text('audio_key'),
    audioMimeType: text('audio_mime_type'),
    audioSizeBytes: integer('audio_size_bytes'),
    /** The audio was recorded in the browser rather than uploaded (spec 3 recorded). */
    isRecorded: boolean('is_recorded').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('career_stories_user_prompt_uq').on(t.userId, t.promptId),
    index('career_stories_cluster_user_idx').on(t.clusterId, t.userId),
  ],
);
