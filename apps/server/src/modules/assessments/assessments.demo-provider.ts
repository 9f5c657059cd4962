import { createHmac, randomUUID } from 'node:crypto';
import {
  ASSESSMENT_DEMO_PROVIDER_PATH,
  ZAssessmentLaunchClaims,
  type TAssessmentLaunchClaims,
  type TAssessmentWebhookBody,
} from '@commons/contract';
import { ASSESSMENT_WEBHOOK_HEADERS } from '@commons/domain';
import { jwtVerify } from 'jose';
import { webhookSignature } from './assessments.secrets.js';

/**
 * The demo's own assessment provider (issue #20 item 6): the launch page of the demo assessment is served by the
 * demo server, so a newcomer can run launch → results → profile end to end without an outside service. It plays
 * the provider's part only: it verifies the launch token with the shared secret, shows its claims, and on
 * Finish posts signed results to the webhook named in the token.
 */

/** The demo assessment's launch URL: a path of this deployment (resolved against PUBLIC_URL when launching). */
export const DEMO_ASSESSMENT_LAUNCH_PATH = ASSESSMENT_DEMO_PROVIDER_PATH;

/** The demo assessment's shared secret, derived from the server secret so that it is not public. */
export function demoAssessmentSecret(serverSecret: Uint8Array): string {
  return createHmac('sha256', serverSecret).update('demo-assessment-provider').digest('base64url');
}

/** The demo provider accepts Finish up to an hour after launch (a newcomer may read the page for a while). */
const FINISH_GRACE_SECONDS = 60 * 60;

/** The claims of a launch token signed with the demo secret by this deployment, or null. */
export async function verifyDemoLaunchToken(options: {
  token: string;
  serverSecret: Uint8Array;
  publicUrl: string;
  now: Date;
  isFinishing?: boolean;
}): Promise<TAssessmentLaunchClaims | null> {
  try {
    const { payload } = await jwtVerify(
      options.token,
      new TextEncoder().encode(demoAssessmentSecret(options.serverSecret)),
      {
        algorithms: ['HS256'],
        issuer: options.publicUrl,
        currentDate: options.now,
        clockTolerance: options.isFinishing ? FINISH_GRACE_SECONDS : 0,
      },
    );
    const claims = ZAssessmentLaunchClaims.safeParse(payload);
    if (!claims.success) return null;
    // The provider only ever sends the member back to, and posts to, the deployment that launched it.
    const origin = new URL(options.publicUrl).origin;
    const isHere = (url: string) => URL.canParse(url) && new URL(url).origin === origin;
    return isHere(claims.data.returnUrl) && isHere(claims.data.resultsUrl) ? claims.data : null;
  } catch {
    return null;
  }
}

/** What the demo's one question offers, and the careers each answer leads to. */
const INTERESTS = {
  people: {
    label: 'Helping and working with people',
    summary: 'You draw energy from people: teaching, advising and care roles suit you.',
    matches: ['School counsellor', 'Nurse', 'HR business partner'],
  },
  ideas: {
    label: 'Creating and exploring ideas',
    summary: 'You like to imagine and explain: design, writing and research roles suit you.',
    matches: ['UX designer', 'Journalist', 'Research scientist'],
  },
  things: {
    label: 'Building and fixing things',
    summary: 'You like to make things work: engineering and hands-on technical roles suit you.',
    matches: ['Mechanical engineer', 'Electrician', 'Architect'],
  },
  data: {
    label: 'Finding patterns in data',
    summary: 'You enjoy evidence and order: analysis, finance and software roles suit you.',
    matches: ['Data analyst', 'Actuary', 'Software developer'],
  },
} as const;
export type TDemoInterest = keyof typeof INTERESTS;

/** The signed webhook delivery of the demo's results: headers and the exact body that was signed. */
export function demoResultsDelivery(options: {
  claims: TAssessmentLaunchClaims;
  interest: TDemoInterest;
  serverSecret: Uint8Array;
  now: Date;
}): { path: string; headers: Record<string, string>; rawBody: string } {
  const interest = INTERESTS[options.interest];
  const body: TAssessmentWebhookBody = {
    deliveryId: randomUUID(),
    launchId: options.claims.jti,
    completedAt: options.now.toISOString(),
    summary: interest.summary,
    matches: interest.matches.map((title, index) => ({ title, score: 92 - index * 7 })),
  };
  const rawBody = JSON.stringify(body);
  const timestamp = String(Math.floor(options.now.getTime() / 1000));
  return {
    path: new URL(options.claims.resultsUrl).pathname,
    rawBody,
    headers: {
      'content-type': 'application/json',
      [ASSESSMENT_WEBHOOK_HEADERS.timestamp]: timestamp,
      [ASSESSMENT_WEBHOOK_HEADERS.signature]: webhookSignature({
        sharedSecret: demoAssessmentSecret(options.serverSecret),
        timestamp,
        rawBody,
      }),
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small page of the demo provider (no script: the page's CSP allows none inline). */
export function demoProviderPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** The launch page: what the token says, one question, and Finish or Cancel. */
export function demoLaunchPageHtml(options: { claims: TAssessmentLaunchClaims; token: string }): string {
  const { claims } = options;
  const rows: Array<[string, string]> = [
    ['Member (sub)', `${claims.firstName} ${claims.lastName} (${claims.sub})`],
    ['Hub', `${claims.hub.name} (${claims.hub.identifier}, id ${claims.hub.id})`],
    ['Assessment', `${claims.assessment.name} (${claims.assessment.slug})`],
    ['Launch id (jti)', claims.jti],
    ['Issued by (iss)', claims.iss],
    ['Expires (exp)', new Date(claims.exp * 1000).toISOString()],
    ['Results go to', claims.resultsUrl],
    ['Returns to', claims.returnUrl],
  ];
  const table = `<table><caption>The launch token’s claims (verified with the shared secret)</caption><tbody>${rows
    .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('')}</tbody></table>`;
  const choices = (Object.keys(INTERESTS) as TDemoInterest[])
    .map(
      (key, index) =>
        `<div><input type="radio" id="interest-${key}" name="interest" value="${key}"${index === 0 ? ' checked' : ''}><label for="interest-${key}">${escapeHtml(INTERESTS[key].label)}</label></div>`,
    )
    .join('');
  const form = `<form method="post" action="${DEMO_ASSESSMENT_LAUNCH_PATH}/finish"><input type="hidden" name="token" value="${escapeHtml(options.token)}"><fieldset><legend>What do you enjoy most?</legend>${choices}</fieldset><p><button type="submit" name="action" value="finish">Finish</button> <button type="submit" name="action" value="cancel">Cancel</button></p></form>`;
  return demoProviderPage(
    `${claims.assessment.name} (demo provider)`,
    `<p>This page stands in for an outside career assessment. Finish posts signed results to the webhook and takes you back.</p>${table}${form}`,
  );
}
