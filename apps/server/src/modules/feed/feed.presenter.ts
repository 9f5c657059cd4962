import { webPaths, type TFeedItem } from '@commons/contract';
import type { TAnnouncementRow } from './feed.commands.js';
import type { TViewerFeedRights } from './feed.policy.js';
import type { TFeedContent, TFeedEntry } from './feed.queries.js';
import type { TAuthorRow } from '../content/content.queries.js';
import { excerpt, presentAuthor } from '../content/content.presenter.js';

/** An announcement as a feed item (its whole sanitised body shows in the feed). */
export function presentAnnouncement(
  row: TAnnouncementRow,
  author: TAuthorRow,
  rights: TViewerFeedRights,
): TFeedItem {
  const mayAnnounce = rights.mayAnnounce(row.groupId);
  return {
    id: row.id,
    kind: 'announcement',
    targetId: row.id,
    actor: presentAuthor(author),
    title: row.title,
    excerpt: excerpt(row.bodyText),
    html: row.body,
    href: null,
    groupId: row.groupId,
    createdAt: row.createdAt.toISOString(),
    isPinned: row.pinnedAt !== null,
    can: {
      pin: mayAnnounce,
      delete: mayAnnounce || row.authorId === rights.viewerId,
      report: row.authorId !== rights.viewerId,
    },
  };
}

/**
 * A stream entry as a feed item, or null when its content vanished between the two reads (deleted
 * in between): the page then shows one item fewer rather than a broken one.
 */
export function presentFeedEntry(
  entry: TFeedEntry,
  content: TFeedContent,
  rights: TViewerFeedRights,
): TFeedItem | null {
  const actor = entry.actorId ? (content.actors.get(entry.actorId) ?? null) : null;
  const base = {
    id: entry.id,
    kind: entry.kind,
    targetId: entry.targetId,
    actor: presentAuthor(actor),
    html: null,
    groupId: entry.groupId,
    createdAt: entry.createdAt.toISOString(),
    isPinned: false,
    can: { pin: false, delete: false, report: entry.kind !== 'member' && entry.actorId !== rights.viewerId },
  };
  switch (entry.kind) {
    case 'question': {
      const question = content.questions.get(entry.id);
      return question
        ? {
            ...base,
            title: question.title,
            excerpt: excerpt(question.bodyText),
            href: webPaths.discussionQuestion(question.id, question.slug),
          }
        : null;
    }
    case 'answer': {
      const answer = content.answers.get(entry.id);
      const question = content.questions.get(entry.targetId);
      return answer && question
        ? {
            ...base,
            title: question.title,
            excerpt: excerpt(answer.bodyText),
            href: webPaths.discussionAnswer(question.id, question.slug, answer.id),
          }
        : null;
    }
    case 'resource': {
      const resource = content.resources.get(entry.id);
      return resource
        ? {
            ...base,
            title: resource.title,
            excerpt: excerpt(resource.bodyText),
            href: webPaths.resourcePost(resource.slug),
          }
        : null;
    }
    case 'event': {
      const event = content.events.get(entry.id);
      return event
        ? {
            ...base,
            title: event.title,
            excerpt: excerpt(event.descriptionText),
            href: webPaths.event(event.id),
          }
        : null;
    }
    case 'member': {
      if (!actor) return null;
      const person = presentAuthor(actor);
      return {
        ...base,
        title: person?.fullname ?? '',
        excerpt: actor.headline ?? '',
        href: webPaths.profile(actor.identifier),
      };
    }
    case 'announcement': {
      const row = content.announcements.get(entry.id);
      return row ? presentAnnouncement(row, actor, rights) : null;
    }
  }
}
