import { describe, expect, it } from 'vitest';
import {
  canUnlinkSsoIdentity,
  emailDomainOf,
  isDeploymentRedirectDomain,
  isSsoErrorCode,
  mappedUserTypeTitle,
  normalizeSsoDomain,
  presetIssuer,
  signupMethodOfProvider,
  ssoDomainProblem,
} from './sso.js';

describe('single sign-on rules (issue #24)', () => {
  it('knows the issuer of each preset; Microsoft names the Entra ID tenant', () => {
    expect(presetIssuer('google')).toBe('https://accounts.google.com');
    expect(presetIssuer('linkedin')).toBe('https://www.linkedin.com/oauth');
    expect(presetIssuer('microsoft', { tenant: 'contoso.onmicrosoft.com' })).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
    );
    expect(presetIssuer('microsoft', { tenant: ' ' })).toBe(
      'https://login.microsoftonline.com/organizations/v2.0',
    );
    expect(presetIssuer('generic')).toBeNull();
  });

  it('reads the domain of an email and checks SSO domains', () => {
    expect(emailDomainOf('Ada@Example.EDU')).toBe('example.edu');
    expect(emailDomainOf('no-at-sign')).toBeNull();
    expect(emailDomainOf('@example.edu')).toBeNull();
    expect(normalizeSsoDomain(' @Example.edu. ')).toBe('example.edu');
    expect(ssoDomainProblem('example.edu')).toBeNull();
    expect(ssoDomainProblem('localhost')).toMatch(/full domain/);
    expect(ssoDomainProblem('https://example.edu')).toMatch(/domain only/);
    expect(ssoDomainProblem('ex_ample.edu')).toMatch(/letters, digits and hyphens/);
  });

  it('maps an attribute value to a user type title, case-insensitively, else none', () => {
    const mapping = { userType: 'affiliation', userTypeValues: { Alum: 'Alumni', student: 'Student' } };
    expect(mappedUserTypeTitle(mapping, 'alum')).toBe('Alumni');
    expect(mappedUserTypeTitle(mapping, ' STUDENT ')).toBe('Student');
    expect(mappedUserTypeTitle(mapping, 'staff')).toBeNull();
    expect(mappedUserTypeTitle(mapping, null)).toBeNull();
    expect(mappedUserTypeTitle({}, 'alum')).toBeNull();
  });

  it('lets an account be unlinked only while another way to sign in remains', () => {
    expect(canUnlinkSsoIdentity({ hasPassword: true, otherIdentityCount: 0 })).toBe(true);
    expect(canUnlinkSsoIdentity({ hasPassword: false, otherIdentityCount: 1 })).toBe(true);
    expect(canUnlinkSsoIdentity({ hasPassword: false, otherIdentityCount: 0 })).toBe(false);
  });

  it('files providers under the spec 5 signup methods and knows its error codes', () => {
    expect(signupMethodOfProvider({ kind: 'oidc', preset: 'google' })).toBe('google');
    expect(signupMethodOfProvider({ kind: 'oidc', preset: 'linkedin' })).toBe('linkedin');
    expect(signupMethodOfProvider({ kind: 'oidc', preset: 'microsoft' })).toBe('sso');
    expect(signupMethodOfProvider({ kind: 'saml', preset: null })).toBe('sso');
    expect(isSsoErrorCode('state_invalid')).toBe(true);
    expect(isSsoErrorCode('toString')).toBe(false);
  });

  it('accepts a LinkedIn redirectdomain only when it names a host of this deployment', () => {
    const hosts = ['commons.example.org', 'alumni.example.edu:8443'];
    for (const value of ['commons.example.org', 'https://commons.example.org', 'HTTP://Commons.Example.org/'])
      expect(isDeploymentRedirectDomain(value, hosts), value).toBe(true);
    expect(isDeploymentRedirectDomain('alumni.example.edu:8443', hosts)).toBe(true);
    for (const value of [
      '',
      'evil.example.com',
      'commons.example.org.evil.example.com',
      'https://commons.example.org@evil.example.com',
      'https://commons.example.org/elsewhere',
      'https://commons.example.org/?next=https://evil.example.com',
      'javascript:alert(1)',
      'alumni.example.edu:9999',
    ])
      expect(isDeploymentRedirectDomain(value, hosts), value).toBe(false);
  });
});
