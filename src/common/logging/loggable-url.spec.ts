import { describe, expect, it } from 'vitest';
import { loggableUrl } from '#src/common/logging/loggable-url.js';

describe('loggableUrl', () => {
  it('should replace the values of secret query parameters and keep the rest', () => {
    expect(loggableUrl('/api/v1/connectors/oauth/callback?code=yB4ru&state=XAvia&scope=read')).toBe(
      '/api/v1/connectors/oauth/callback?code=[REDACTED]&state=[REDACTED]&scope=read',
    );
    expect(loggableUrl('/x?%63ode=abc&Token=t&flag&empty=')).toBe('/x?%63ode=[REDACTED]&Token=[REDACTED]&flag&empty=');
    expect(loggableUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });

  it('should hide the service\u2019s own credentials wherever they are put by mistake', () => {
    const key = `svcsk_live_${'A1b2'.repeat(10)}`;
    expect(loggableUrl(`/api/v1/agents/${key}`)).toBe('/api/v1/agents/svcsk_live_[REDACTED]');
    expect(loggableUrl(`/api/v1/agents?q=${key}&limit=5`)).toBe('/api/v1/agents?q=svcsk_live_[REDACTED]&limit=5');
    expect(loggableUrl('/x?a=sk_live_abcdefghij&b=svcat_Zz9-_x&c=whsec_abc')).toBe('/x?a=sk_live_[REDACTED]&b=svcat_[REDACTED]&c=whsec_[REDACTED]');
  });

  it('should leave a URL without a query as it is', () => {
    expect(loggableUrl('/api/v1/agents')).toBe('/api/v1/agents');
  });
});
