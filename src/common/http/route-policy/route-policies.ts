import { Global, Injectable, Module } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ACCEPTED_BODIES, DEFAULT_BODY_TYPES, type BodyType } from '#src/common/http/route-policy/accepts.decorator.js';
import { API_CONTENT_SECURITY, CONTENT_SECURITY, type ContentSecurityDirectives } from '#src/common/http/route-policy/content-security.js';
import { LEGACY_ROUTE, type LegacyRouteOptions } from '#src/common/http/route-policy/legacy.decorator.js';
import { controllersOf, matchesMethod, normalized, pathsOf, routesOf, under, type RouteOf } from '#src/common/http/route-policy/route-table.js';

export type PathForm = 'versioned' | 'legacy';

interface LegacyPath {
  prefix: string;
  successor?: string;
}

interface Route extends RouteOf {
  /** Registration order: the first route that matches is the one Express runs. */
  order: number;
  accepts: readonly BodyType[];
  contentSecurity?: ContentSecurityDirectives;
}

/** A path served by something other than a controller (the API reference), with its own page policy. */
export interface MountPolicy {
  contentSecurity: ContentSecurityDirectives;
}

interface Table {
  /** Routes by the first segments of their path (routeKeyOf), so a request tests a handful of patterns, not all. */
  routes: Map<string, Route[]>;
  legacy: LegacyPath[];
  /** Controller paths under `/api/` outside `/api/v1/` whose routes are current (`/api/auth`). */
  current: string[];
}

/**
 * Per-route HTTP policy, read from the controllers' metadata rather than from URL patterns: a request's
 * error envelope and deprecation headers (Legacy), the body types it may send (Accepts) and the
 * Content-Security-Policy of its answer (ContentSecurity), including for errors raised before a route is
 * reached. A path no route serves takes the form of the controller path it falls under, else the
 * contract's rule (`/api/v1/…` current, any other `/api/…` legacy), and the defaults: JSON bodies, the API's
 * policy. A version this service does not have (`/api/v2/…`) is a versioned path too: its client reads the
 * versioned envelope, and no deprecation applies to it.
 */
const VERSIONED_PATH = /^\/api\/v\d+(\/|$)/;

@Injectable()
export class RoutePolicies {
  private table: Table | undefined;
  private readonly mounts: Array<{ prefix: string; policy: MountPolicy }> = [];

  constructor(private readonly modules: ModulesContainer) {}

  /** A policy for the paths under `prefix` that no controller serves (a page mounted on the HTTP server). */
  mount(prefix: string, policy: MountPolicy): void {
    this.mounts.push({ prefix: normalized(prefix), policy });
    this.mounts.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  formOf(path: string): PathForm {
    if (this.legacyPathOf(path)) {
      return 'legacy';
    }
    const lower = path.toLowerCase();
    if (VERSIONED_PATH.test(lower) || this.collect().current.some((prefix) => under(lower, prefix))) {
      return 'versioned';
    }
    return under(lower, '/api') ? 'legacy' : 'versioned';
  }

  /** The versioned successor of a legacy request, when its route names one and that path answers the same method. */
  successorOf(method: string, path: string): string | undefined {
    const legacy = this.legacyPathOf(path);
    // A path the legacy API never had (POST /api/agents) has no successor, whatever a versioned path of that shape does.
    if (legacy?.successor === undefined || !this.routeOf(method, path)) {
      return undefined;
    }
    const successor = `${legacy.successor}${path.slice(legacy.prefix.length).replace(/\/$/, '')}`;
    return this.routeOf(method, successor) ? successor : undefined;
  }

  /** Whether the route a request reaches reads a body at all; a path no route serves is left to its 404. */
  readsBodyOf(method: string, path: string): boolean {
    return this.routeOf(method, path)?.readsBody ?? true;
  }

  bodyTypesOf(method: string, path: string): readonly BodyType[] {
    return this.routeOf(method, path)?.accepts ?? DEFAULT_BODY_TYPES;
  }

  contentSecurityOf(method: string, path: string): ContentSecurityDirectives {
    const lower = path.toLowerCase();
    return (
      this.routeOf(method, path)?.contentSecurity ?? this.mounts.find((mount) => under(lower, mount.prefix))?.policy.contentSecurity ?? API_CONTENT_SECURITY
    );
  }

  /** The route Express would run for the request: the first registered one that matches. */
  private routeOf(method: string, path: string): Route | undefined {
    const { routes } = this.collect();
    const candidates = [...(routes.get(routeKeyOf(path.toLowerCase())) ?? []), ...(routes.get(PARAMETRIC) ?? [])];
    let found: Route | undefined;
    for (const route of candidates) {
      if ((found === undefined || route.order < found.order) && route.pattern.test(path) && matchesMethod(route, method)) {
        found = route;
      }
    }
    return found;
  }

  private legacyPathOf(path: string): LegacyPath | undefined {
    const lower = path.toLowerCase();
    return this.collect().legacy.find((legacy) => under(lower, legacy.prefix));
  }

  private collect(): Table {
    this.table ??= tableOf(controllersOf(this.modules));
    return this.table;
  }
}

function tableOf(controllers: ReturnType<typeof controllersOf>): Table {
  const table: Table = { routes: new Map(), legacy: [], current: [] };
  let order = 0;
  for (const controller of controllers) {
    const own = metadata<LegacyRouteOptions>(LEGACY_ROUTE, controller);
    const routes = routesOf(controller);
    const bases = pathsOf(controller).map(normalized);
    if (own) {
      table.legacy.push(...bases.map((prefix) => ({ prefix, successor: own.successor })));
    } else {
      table.current.push(...bases.filter((base) => under(base, '/api') && base !== '/api' && !under(base, '/api/v1')));
    }
    for (const route of routes) {
      const legacy = metadata<LegacyRouteOptions>(LEGACY_ROUTE, route.handler);
      if (legacy) {
        table.legacy.push({ prefix: route.path, successor: legacy.successor });
      }
      const key = route.path
        .split('/')
        .slice(1, KEY_SEGMENTS + 1)
        .some((segment) => /^[:*]/.test(segment))
        ? PARAMETRIC
        : routeKeyOf(route.path);
      const bucket = table.routes.get(key) ?? [];
      table.routes.set(key, bucket);
      bucket.push({
        ...route,
        order: order++,
        accepts: metadata<BodyType[]>(ACCEPTED_BODIES, route.handler) ?? metadata<BodyType[]>(ACCEPTED_BODIES, controller) ?? DEFAULT_BODY_TYPES,
        contentSecurity:
          metadata<ContentSecurityDirectives>(CONTENT_SECURITY, route.handler) ?? metadata<ContentSecurityDirectives>(CONTENT_SECURITY, controller),
      });
    }
  }
  return table;
}

const KEY_SEGMENTS = 3;
const PARAMETRIC = '*';

/** The first segments of a lower-case path, as far as they name a route without parameters. */
function routeKeyOf(path: string): string {
  return path.split('/').filter(Boolean).slice(0, KEY_SEGMENTS).join('/');
}

function metadata<T>(key: string, target: object): T | undefined {
  return Reflect.getMetadata(key, target) as T | undefined;
}

@Global()
@Module({ providers: [RoutePolicies], exports: [RoutePolicies] })
export class RoutePoliciesModule {}
