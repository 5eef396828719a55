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

  it('should leave a URL without a query as it is', () => {
    expect(loggableUrl('/api/v1/agents')).toBe('/api/v1/agents');
  });
});
