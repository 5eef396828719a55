import { describe, expect, it } from 'vitest';
import { consentSentence } from '@/pages/oauth-consent/scopes';

describe('consentSentence', () => {
  it('should say a scope as it is when the role allows all of it', () => {
    expect(consentSentence('admin', 'admin')).toBe('Administer the organization as you');
    expect(consentSentence('write', 'configure')).toBe('Create, change and delete agents, data sources and articles');
    expect(consentSentence('offline_access', 'readonly')).toBe('Keep this access when you are away (a refresh token)');
  });

  it('should not tell someone the application may do what their role forbids', () => {
    expect(consentSentence('admin', 'readonly')).toBe('Administer the organization as you: not while your role is Read only');
    expect(consentSentence('admin', 'configure')).toBe('Administer the organization as you: not while your role is Configure');
    expect(consentSentence('execute', 'readonly')).toBe('Ask agents questions and give feedback: not while your role is Read only');
  });

  it('should say the part of a scope the role allows', () => {
    expect(consentSentence('write', 'train')).toBe(
      'Create, change and delete agents, data sources and articles: with your role (Train), write knowledge base articles only',
    );
    expect(consentSentence('execute', 'train')).toBe('Ask agents questions and give feedback: with your role (Train), give feedback on answers only');
  });
});
