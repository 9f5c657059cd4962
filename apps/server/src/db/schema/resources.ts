import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { clusterIdColumn, hubIdColumn, hubs } from './tenancy.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
import { users } from './users.js';

/**
 * Files uploaded for content (issue #7): images inserted into the rich-text editor (spec 7 'An image
 * is fetched to insert into the editor': uploaded, never hot-linked) and resource attachments. The
 * storage key is a 128-bit capability; bytes live in the data region of the hub (spec 9).
 */
export const contentFiles = pgTable(
  'content_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: bigint('hub_id', { mode: 'number' }).references(() => hubs.id, { onDelete: 'cascade' }),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'image' | 'attachment'>().notNull(),
    region: text('region').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_files_key_uq').on(t.storageKey),
    index('content_files_uploader_idx').on(t.clusterId, t.uploadedByUserId, t.createdAt),
  ],
);

/** What a resource is (issue #7 item 3). */
export type TResourceType = 'article' | 'link' | 'file' | 'video';

/**
 * A resource post (spec 3 Resource: typeName, slug, url, isBusinessDirectory) of a hub or group. A
 * business directory entry is a company listing (isBusinessDirectory) made by members whose user type
 * has canCreateResource when the hub enables business directory V2 (spec 6 Resource creation).
 */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    typeName: text('type_name').$type<TResourceType>().notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    url: text('url'),
    category: text('category'),
    isBusinessDirectory: boolean('is_business_directory').notNull().default(false),
    location: text('location'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', title || ' ' || body_text || ' ' || coalesce(category, ''))`,
    ),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resources_hub_slug_uq').on(t.hubId, t.slug),
    index('resources_hub_list_idx').on(t.clusterId, t.hubId, t.isBusinessDirectory, t.createdAt, t.id),
    index('resources_group_idx').on(t.clusterId, t.groupId, t.createdAt),
    index('resources_search_idx').using('gin', t.searchVector),
  ],
);

/** Files attached to a resource; the bytes are content_files rows of kind 'attachment'. */
export const resourceAttachments = pgTable(
  'resource_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => contentFiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_attachments_resource_idx').on(t.resourceId)],
);

/** Open-graph previews of links, fetched by the server under the URL rule (spec 5) and kept for a day. */
export const linkPreviews = pgTable(
  'link_previews',
  {
    clusterId: clusterIdColumn(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    siteName: text('site_name'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('link_previews_url_uq').on(t.clusterId, t.url)],
);
