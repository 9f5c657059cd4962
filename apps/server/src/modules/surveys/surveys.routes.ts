import { SURVEY_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { toCsv } from '../groups/csv.js';
import {
  answerSurvey,
  createSurvey,
  deleteSurvey,
  listSurveys,
  mySurveys,
  setSurveyStatus,
  surveyAudienceOptions,
  surveyCsvRows,
  surveyResults,
  updateSurvey,
} from './surveys.commands.js';

/** Surveys (issue #22 item 3): admins with the surveys right ask, members answer once. */
export const surveyRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, SURVEY_ENDPOINTS.list, async (ctx) => ({ items: await listSurveys(ctx) }));
  route(app, SURVEY_ENDPOINTS.create, async ({ request, body, reply }) => {
    const survey = await request.tenant(tenantOptionsOf(SURVEY_ENDPOINTS.create), (ctx) =>
      createSurvey(ctx, body),
    );
    return reply.code(201).send(survey);
  });
  tenantRoute(app, SURVEY_ENDPOINTS.audienceOptions, (ctx) => surveyAudienceOptions(ctx));
  tenantRoute(app, SURVEY_ENDPOINTS.update, (ctx, { params, body }) =>
    updateSurvey(ctx, { ...body, id: params.id }),
  );
  tenantRoute(app, SURVEY_ENDPOINTS.setStatus, (ctx, { params, body }) =>
    setSurveyStatus(ctx, { id: params.id, status: body.status }),
  );
  tenantRoute(app, SURVEY_ENDPOINTS.remove, async (ctx, { params }) => {
    await deleteSurvey(ctx, params.id);
    return undefined;
  });
  tenantRoute(app, SURVEY_ENDPOINTS.results, (ctx, { params }) => surveyResults(ctx, params.id));
  route(app, SURVEY_ENDPOINTS.resultsCsv, async ({ request, params, reply }) => {
    const rows = await request.tenant(tenantOptionsOf(SURVEY_ENDPOINTS.resultsCsv), (ctx) =>
      surveyCsvRows(ctx, params.id),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="survey-results.csv"')
      .header('cache-control', 'private, no-store')
      .send(toCsv(rows));
  });
  tenantRoute(app, SURVEY_ENDPOINTS.mine, async (ctx) => ({ items: await mySurveys(ctx) }));
  route(app, SURVEY_ENDPOINTS.answer, async ({ request, params, body, reply }) => {
    const survey = await request.tenant(tenantOptionsOf(SURVEY_ENDPOINTS.answer), (ctx) =>
      answerSurvey(ctx, { id: params.id, answers: body.answers }),
    );
    return reply.code(201).send(survey);
  });
};
