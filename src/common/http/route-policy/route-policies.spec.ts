import { Controller, Get, Module, Post, Put } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { Accepts } from '#src/common/http/route-policy/accepts.decorator.js';
import { API_CONTENT_SECURITY, ContentSecurity } from '#src/common/http/route-policy/content-security.js';
import { Legacy } from '#src/common/http/route-policy/legacy.decorator.js';
import { RoutePolicies } from '#src/common/http/route-policy/route-policies.js';

const PAGE = { defaultSrc: ["'self'"] };
const MOUNTED = { defaultSrc: ["'self'"], imgSrc: ['data:'] };

@Controller('api/v1/things')
class ThingsController {
  @Get()
  list(): void {}

  @Get(':id')
  read(): void {}

  @Post()
  create(): void {}

  @Post(':id/files')
  @Accepts('multipart')
  upload(): void {}
}

@Controller('api/auth/sso')
@Accepts('form', 'json')
class CallbackController {
  @Post(':connection/callback')
  @ContentSecurity(PAGE)
  callback(): void {}

  @Put('settings')
  @Accepts('json')
  settings(): void {}
}

@Controller('api/things')
@Legacy({ successor: '/api/v1/things' })
class LegacyThingsController {
  @Get()
  list(): void {}
}

@Controller()
class MixedController {
  @Post('api/ask')
  @Legacy({ successor: '/api/v1/ask' })
  ask(): void {}

  @Get(':page')
  @ContentSecurity(PAGE)
  page(): void {}
}

@Module({ controllers: [ThingsController, CallbackController, LegacyThingsController, MixedController] })
class RoutesModule {}

async function policies(): Promise<RoutePolicies> {
  const moduleRef = await Test.createTestingModule({ imports: [RoutesModule], providers: [RoutePolicies] }).compile();
  return moduleRef.get(RoutePolicies);
}

describe('RoutePolicies', () => {
  it('should take the body types of the route, else of its controller, else JSON', async () => {
    const routes = await policies();
    expect(routes.bodyTypesOf('POST', '/api/v1/things/thg_1/files')).toEqual(['multipart']);
    expect(routes.bodyTypesOf('POST', '/API/V1/Things/thg_1/files/')).toEqual(['multipart']);
    expect(routes.bodyTypesOf('GET', '/api/v1/things/thg_1')).toEqual(['json']);
    expect(routes.bodyTypesOf('PUT', '/api/v1/things/thg_1/files')).toEqual(['json']);
    expect(routes.bodyTypesOf('POST', '/api/auth/sso/okta/callback')).toEqual(['form', 'json']);
    expect(routes.bodyTypesOf('PUT', '/api/auth/sso/settings')).toEqual(['json']);
    expect(routes.bodyTypesOf('POST', '/nowhere')).toEqual(['json']);
  });

  it('should not let a parameter match more than one path segment', async () => {
    const routes = await policies();
    expect(routes.bodyTypesOf('POST', '/api/v1/things/a/b/files')).toEqual(['json']);
  });

  it('should take the content security policy of the route, else of a mounted path, else the API one', async () => {
    const routes = await policies();
    routes.mount('/reference', { contentSecurity: MOUNTED });
    expect(routes.contentSecurityOf('POST', '/api/auth/sso/okta/callback')).toBe(PAGE);
    expect(routes.contentSecurityOf('GET', '/reference/index.html')).toBe(MOUNTED);
    expect(routes.contentSecurityOf('POST', '/referenced')).toBe(API_CONTENT_SECURITY);
    expect(routes.contentSecurityOf('HEAD', '/api/v1/things/thg_1')).toBe(API_CONTENT_SECURITY);
    expect(routes.contentSecurityOf('HEAD', '/welcome')).toBe(PAGE);
    expect(routes.contentSecurityOf('GET', '/api')).toBe(PAGE);
    expect(routes.contentSecurityOf('POST', '/welcome')).toBe(API_CONTENT_SECURITY);
  });

  it('should tell legacy routes by their metadata, and other /api paths by the contract', async () => {
    const routes = await policies();
    expect(routes.formOf('/api/things')).toBe('legacy');
    expect(routes.successorOf('GET', '/api/things')).toBe('/api/v1/things');
    // A successor is named only where the versioned path answers the same method.
    expect(routes.successorOf('PUT', '/api/things')).toBeUndefined();
    // ... and only for a path the legacy API has, whatever versioned path has its shape.
    expect(routes.successorOf('GET', '/api/things/thg_1')).toBeUndefined();
    expect(routes.successorOf('POST', '/api/things')).toBeUndefined();
    expect(routes.formOf('/api/ask')).toBe('legacy');
    expect(routes.successorOf('POST', '/api/ask')).toBeUndefined();
    expect(routes.formOf('/api/auth/sso/okta/callback')).toBe('versioned');
    expect(routes.formOf('/api/v1/things/thg_1')).toBe('versioned');
    expect(routes.formOf('/api/unknown')).toBe('legacy');
    expect(routes.formOf('/healthz')).toBe('versioned');
  });
});
