import {
  NOTIFICATION_TYPES,
  type TNotification,
  type TNotificationActor,
  type TNotificationType,
} from '@commons/contract';
import type { notifications } from '../../db/schema/index.js';

type TActorRow = {
  id: string;
  identifier: string;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
} | null;

const KNOWN_TYPES: ReadonlySet<string> = new Set(NOTIFICATION_TYPES);

/** A stored notification as the contract shows it. */
export function presentNotification(row: typeof notifications.$inferSelect, actor: TActorRow): TNotification {
  return {
    id: row.id,
    // Rows are written only with contract types; an unknown one (never expected) reads as a message.
    type: KNOWN_TYPES.has(row.type) ? (row.type as TNotificationType) : 'inbox.message',
    isUnread: row.readAt === null,
    createdAt: row.createdAt.toISOString(),
    hubId: row.hubId === null ? null : String(row.hubId),
    actor: presentActor(actor),
    title: row.title,
    url: row.url,
    payload: row.payload,
  };
}

function presentActor(actor: TActorRow): TNotificationActor | null {
  return actor
    ? {
        id: actor.id,
        identifier: actor.identifier,
        firstName: actor.firstName,
        lastName: actor.lastName,
        photoUrl: actor.photoUrl,
      }
    : null;
}
