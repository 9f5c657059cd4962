import { AppError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';

/** The right that manages video prompts: they are questions of the pathways kind (spec 3 profile question type video). */
export const VIDEO_PROMPT_ADMIN_RIGHT = 'manage-pathways';

function refuse(message: string): AppError {
  return new AppError({ statusCode: 403, code: 'forbidden', message, userMessage: message });
}

/** Whether the viewer manages the hub's video prompts (manage-pathways; super and cluster admins pass). */
export function canManageVideoPrompts(ctx: TRequestContext): boolean {
  return ctx.hasRight(VIDEO_PROMPT_ADMIN_RIGHT);
}

/** Admin endpoints: 403 without manage-pathways. */
export function requireVideoPromptAdmin(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  if (!canManageVideoPrompts(ctx)) throw refuse('Only admins who manage pathways can change video prompts.');
}

/** Whether the viewer may answer in the hub: an approved member (admins may look, and answer as members do). */
export function mayAnswer(ctx: TRequestContext): boolean {
  return isApprovedMember(ctx.membership);
}

/** Member endpoints: an approved member of the hub, its video prompt admins, or a cluster admin (others' answers are viewable). */
export function requireVideoPromptMember(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  if (ctx.isClusterAdmin() || canManageVideoPrompts(ctx) || isApprovedMember(ctx.membership)) return;
  throw refuse('Only approved members of this hub can see its video prompts.');
}
