import { describe, expect, it } from 'vitest';
import { hubIdentifierFromPath, hubRelativePath, paths, safeRedirectTarget } from './paths';

describe('paths', () => {
  it('builds hub paths with an encoded identifier', () => {
    expect(paths.hub.home('north field')).toBe('/hub/north%20field/');
    expect(paths.hub.signIn('northfield', { postLoginRedirect: '/inbox?tab=rooms' })).toBe(
      '/hub/northfield/auth/sign-in?postLoginRedirect=%2Finbox%3Ftab%3Drooms',
    );
    expect(paths.hub.pendingApproval('northfield')).toBe('/hub/northfield/pending-approval');
  });

  it('reads the hub identifier and the hub-relative part of a path', () => {
    expect(hubIdentifierFromPath('/hub/north%20field/home')).toBe('north field');
    expect(hubIdentifierFromPath('/inbox')).toBeNull();
    expect(hubRelativePath('/hub/northfield')).toBe('/');
    expect(hubRelativePath('/hub/northfield/posts/3')).toBe('/posts/3');
    expect(hubRelativePath('/inbox')).toBe('/inbox');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null])(
    'refuses %s as a redirect target',
    (value) => {
      expect(safeRedirectTarget(value)).toBeNull();
    },
  );

  it('accepts in-app paths as redirect targets', () => {
    expect(safeRedirectTarget('/advising/people?x=1')).toBe('/advising/people?x=1');
  });
});
