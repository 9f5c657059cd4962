import type {
  TAdminSurvey,
  TBulkAudienceOptions,
  TCreateSurveyRequest,
  TMemberSurvey,
  TSurveyAnswerRequest,
  TSurveyResults,
} from '@commons/contract';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { surveyResponses, surveys, users } from '../../db/schema/index.js';
import type { TSurveyAnswers, TSurveyQuestion } from '../../db/schema/surveys.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { checkedAudience } from '../admin-comms/admin-comms.commands.js';
import { audienceMembers, audienceNames, audienceOptions } from '../admin-comms/admin-comms.queries.js';

type TSurveyRow = typeof surveys.$inferSelect;

async function presentAdmin(ctx: TRequestContext, rows: TSurveyRow[]): Promise<TAdminSurvey[]> {
  const names = await audienceNames(
    ctx.tx,
    rows.map((r) => r.audience),
  );
  const counts =
    rows.length === 0
      ? []
      : await ctx.tx
          .select({ surveyId: surveyResponses.surveyId, n: sql<number>`count(*)::int` })
          .from(surveyResponses)
          .where(
            inArray(
              surveyResponses.surveyId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(surveyResponses.surveyId);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    questions: r.questions,
    audienceLabels: [...r.audience.userTypeIds, ...r.audience.groupIds].map(
      (id) => names.get(id) ?? 'Removed',
    ),
    audience: { userTypeIds: r.audience.userTypeIds, groupIds: r.audience.groupIds },
    status: r.status,
    responseCount: counts.find((c) => c.surveyId === r.id)?.n ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The hub's surveys, newest first (the last 100), with response counts. */
export async function listSurveys(ctx: TRequestContext): Promise<TAdminSurvey[]> {
  ctx.requireRight('surveys');
  const rows = await ctx.tx
    .select()
    .from(surveys)
    .where(eq(surveys.hubId, ctx.requireHub().id))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(100);
  return presentAdmin(ctx, rows);
}

type TSurveyInput = TCreateSurveyRequest & {
  questions: Array<{ kind: TSurveyQuestion['kind']; prompt: string; options?: string[] }>;
};

/** The checked audience and the questions (each with a new id) of a survey's input. */
async function surveyParts(ctx: TRequestContext, input: TSurveyInput) {
  const audience = await checkedAudience(ctx, {
    userTypeIds: input.audience.userTypeIds ?? [],
    groupIds: input.audience.groupIds ?? [],
  });
  const questions: TSurveyQuestion[] = input.questions.map((q) => ({
    id: randomUUID(),
    kind: q.kind,
    prompt: q.prompt,
    options: q.kind === 'text' ? [] : [...new Set(q.options ?? [])],
  }));
  return { audience, questions };
}

/** Creates a survey for an audience of the hub (each question gets its id); audited. */
export async function createSurvey(ctx: TRequestContext, input: TSurveyInput): Promise<TAdminSurvey> {
  ctx.requireRight('surveys');
  const { audience, questions } = await surveyParts(ctx, input);
  const [row] = await ctx.tx
    .insert(surveys)
    .values({
      clusterId: ctx.clusterId,
      hubId: ctx.requireHub().id,
      title: input.title,
      description: input.description ?? '',
      questions,
      audience,
      createdByUserId: ctx.requireViewer().user.id,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('survey insert returned no row');
  await ctx.audit({
    action: 'surveys.created',
    targetType: 'survey',
    targetId: row.id,
    data: { after: { title: row.title, questions: questions.length, audience } },
  });
  const [item] = await presentAdmin(ctx, [row]);
  if (!item) throw new Error('survey not presented');
  return item;
}

async function requireAdminSurvey(ctx: TRequestContext, id: string): Promise<TSurveyRow> {
  ctx.requireRight('surveys');
  const [row] = await ctx.tx
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, id), eq(surveys.hubId, ctx.requireHub().id)))
    .limit(1);
  if (!row) throw notFound('Survey');
  return row;
}

/**
 * Rewrites a survey nobody has answered yet (title, description, questions, audience); once a member answered,
 * its questions stay as they were asked (409). Audited with before and after.
 */
export async function updateSurvey(
  ctx: TRequestContext,
  input: TSurveyInput & { id: string },
): Promise<TAdminSurvey> {
  const before = await requireAdminSurvey(ctx, input.id);
  const [answered] = await ctx.tx
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(eq(surveyResponses.surveyId, before.id))
    .limit(1);
  if (answered) throw conflict('Members have answered this survey, so it can no longer be changed.');
  const { audience, questions } = await surveyParts(ctx, input);
  const [row] = await ctx.tx
    .update(surveys)
    .set({ title: input.title, description: input.description ?? '', questions, audience })
    .where(and(eq(surveys.id, before.id), eq(surveys.hubId, before.hubId)))
    .returning();
  if (!row) throw notFound('Survey');
  await ctx.audit({
    action: 'surveys.updated',
    targetType: 'survey',
    targetId: row.id,
    data: {
      before: { title: before.title, questions: before.questions.length, audience: before.audience },
      after: { title: row.title, questions: questions.length, audience },
    },
  });
  const [item] = await presentAdmin(ctx, [row]);
  if (!item) throw new Error('survey not presented');
  return item;
}

/** The hub's user types and groups a survey's audience is chosen from (admins with surveys only need not send messages). */
export async function surveyAudienceOptions(ctx: TRequestContext): Promise<TBulkAudienceOptions> {
  ctx.requireRight('surveys');
  return audienceOptions(ctx.tx, ctx.requireHub().id);
}

/** Closes a survey (members no longer see or answer it) or opens it again; audited with before and after. */
export async function setSurveyStatus(
  ctx: TRequestContext,
  input: { id: string; status: TSurveyRow['status'] },
): Promise<TAdminSurvey> {
  const before = await requireAdminSurvey(ctx, input.id);
  const [row] =
    before.status === input.status
      ? [before]
      : await ctx.tx
          .update(surveys)
          .set({ status: input.status })
          .where(and(eq(surveys.id, before.id), eq(surveys.hubId, before.hubId)))
          .returning();
  if (!row) throw notFound('Survey');
  if (before.status !== row.status)
    await ctx.audit({
      action: row.status === 'closed' ? 'surveys.closed' : 'surveys.reopened',
      targetType: 'survey',
      targetId: row.id,
      data: { before: { status: before.status }, after: { status: row.status } },
    });
  const [item] = await presentAdmin(ctx, [row]);
  if (!item) throw new Error('survey not presented');
  return item;
}

/** Deletes a survey with its answers (issue #22 item 3); audited with its title and how many answers went. */
export async function deleteSurvey(ctx: TRequestContext, id: string): Promise<void> {
  const survey = await requireAdminSurvey(ctx, id);
  const [answers] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(surveyResponses)
    .where(eq(surveyResponses.surveyId, survey.id));
  // The answers go with the survey (survey_responses.survey_id ON DELETE CASCADE).
  await ctx.tx.delete(surveys).where(and(eq(surveys.id, survey.id), eq(surveys.hubId, survey.hubId)));
  await ctx.audit({
    action: 'surveys.deleted',
    targetType: 'survey',
    targetId: survey.id,
    data: {
      before: { title: survey.title, status: survey.status, answerCount: answers?.n ?? 0 },
      after: null,
    },
  });
}

/** Results per question: counts per option, and the text answers newest first. */
export async function surveyResults(ctx: TRequestContext, id: string): Promise<TSurveyResults> {
  const survey = await requireAdminSurvey(ctx, id);
  const responses = await ctx.tx
    .select({ answers: surveyResponses.answers })
    .from(surveyResponses)
    .where(eq(surveyResponses.surveyId, id))
    .orderBy(desc(surveyResponses.createdAt));
  const [presented] = await presentAdmin(ctx, [survey]);
  if (!presented) throw new Error('survey not presented');
  return {
    survey: presented,
    questions: survey.questions.map((q) => {
      const values = responses.map((r) => r.answers[q.id]).filter((v) => v !== undefined);
      const chosen = values.flatMap((v) => (Array.isArray(v) ? v : [v]));
      return {
        id: q.id,
        prompt: q.prompt,
        kind: q.kind,
        counts:
          q.kind === 'text'
            ? []
            : q.options.map((option) => ({ option, count: chosen.filter((c) => c === option).length })),
        texts: q.kind === 'text' ? chosen.filter((t) => t.trim() !== '') : [],
      };
    }),
  };
}

/** The answers as CSV rows: a header of the questions, then one row per member (name, email, answers). */
export async function surveyCsvRows(ctx: TRequestContext, id: string): Promise<string[][]> {
  const survey = await requireAdminSurvey(ctx, id);
  const rows = await ctx.tx
    .select({
      answers: surveyResponses.answers,
      at: surveyResponses.createdAt,
      first: users.firstName,
      last: users.lastName,
      email: users.email,
    })
    .from(surveyResponses)
    .innerJoin(users, eq(users.id, surveyResponses.userId))
    .where(eq(surveyResponses.surveyId, id))
    .orderBy(surveyResponses.createdAt);
  await ctx.audit({
    action: 'surveys.results_exported',
    targetType: 'survey',
    targetId: id,
    data: { rows: rows.length },
  });
  return [
    ['Answered at (UTC)', 'Name', 'Email', ...survey.questions.map((q) => q.prompt)],
    ...rows.map((r) => [
      r.at.toISOString(),
      `${r.first} ${r.last}`.trim(),
      r.email,
      ...survey.questions.map((q) => {
        const v = r.answers[q.id];
        return Array.isArray(v) ? v.join('; ') : (v ?? '');
      }),
    ]),
  ];
}

/** Open surveys of the hub whose audience holds the viewer, newest first, each with whether they answered. */
export async function mySurveys(ctx: TRequestContext): Promise<TMemberSurvey[]> {
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer().user;
  const rows = await ctx.tx
    .select({ survey: surveys, answeredAt: surveyResponses.createdAt })
    .from(surveys)
    .leftJoin(
      surveyResponses,
      and(eq(surveyResponses.surveyId, surveys.id), eq(surveyResponses.userId, viewer.id)),
    )
    .where(and(eq(surveys.hubId, hub.id), eq(surveys.status, 'open')))
    .orderBy(desc(surveys.createdAt))
    .limit(50);
  const mine: TMemberSurvey[] = [];
  for (const r of rows) {
    const [member] = await audienceMembers(ctx.tx, {
      hubId: hub.id,
      audience: r.survey.audience,
      userId: viewer.id,
    });
    if (!member) continue;
    mine.push({
      id: r.survey.id,
      title: r.survey.title,
      description: r.survey.description,
      questions: r.survey.questions,
      isAnswered: r.answeredAt !== null,
    });
  }
  return mine;
}

/** Checks each answer against its question (an option of a choice question, text at most 4000 characters). */
function checkedAnswers(
  questions: TSurveyQuestion[],
  answers: TSurveyAnswerRequest['answers'],
): TSurveyAnswers {
  const fields: Record<string, string> = {};
  const clean: TSurveyAnswers = {};
  for (const q of questions) {
    const value = answers[q.id];
    if (value === undefined || (Array.isArray(value) && value.length === 0) || value === '') continue;
    if (q.kind === 'text') {
      if (typeof value !== 'string') fields[q.id] = 'Write your answer as text.';
      else clean[q.id] = value.trim();
    } else if (q.kind === 'single') {
      if (typeof value !== 'string' || !q.options.includes(value))
        fields[q.id] = 'Choose one of the options.';
      else clean[q.id] = value;
    } else {
      const list = Array.isArray(value) ? value : [value];
      if (!list.every((v) => q.options.includes(v))) fields[q.id] = 'Choose among the options.';
      else clean[q.id] = [...new Set(list)];
    }
  }
  if (Object.keys(clean).length === 0 && Object.keys(fields).length === 0)
    fields.answers = 'Please answer at least one question.';
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return clean;
}

/** Stores the viewer's one answer to a survey addressed to them (409 when they already answered). */
export async function answerSurvey(
  ctx: TRequestContext,
  input: { id: string; answers: TSurveyAnswerRequest['answers'] },
): Promise<TMemberSurvey> {
  const survey = (await mySurveys(ctx)).find((s) => s.id === input.id);
  if (!survey) throw notFound('Survey');
  if (survey.isAnswered) throw conflict('You already answered this survey.');
  const answers = checkedAnswers(survey.questions as TSurveyQuestion[], input.answers);
  const [row] = await ctx.tx
    .insert(surveyResponses)
    .values({
      clusterId: ctx.clusterId,
      hubId: ctx.requireHub().id,
      surveyId: survey.id,
      userId: ctx.requireViewer().user.id,
      answers,
      createdAt: ctx.now,
    })
    .onConflictDoNothing()
    .returning({ id: surveyResponses.id });
  if (!row) throw conflict('You already answered this survey.');
  return { ...survey, isAnswered: true };
}
