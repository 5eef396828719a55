import { Global, Injectable, Module, SetMetadata } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';

export type PathForm = 'versioned' | 'legacy';

const LEGACY_ROUTE = 'http:legacy';

export interface LegacyRouteOptions {
  /** The versioned path that replaces the controller's path (its sub-paths follow), for the `Link` header. */
  successor?: string;
}

/**
 * The routes of a controller, or one route, belong to the legacy API: the legacy error envelope, a
 * `Deprecation` header and, given a successor, a `Link` to it. Every other route is current.
 */
export function Legacy(options: LegacyRouteOptions = {}): ClassDecorator & MethodDecorator {
  return SetMetadata(LEGACY_ROUTE, options);
}

interface LegacyPath {
  /** Lower case, with a leading slash and no trailing one: Express routes paths case-insensitively. */
  prefix: string;
  successor?: string;
}

interface CollectedPaths {
  legacy: LegacyPath[];
  /** Controller paths under `/api/` outside `/api/v1/` whose routes are current (`/api/auth`). */
  current: string[];
}

/**
 * Per-route HTTP policy, read from the controllers' metadata: what decides a request's error envelope and
 * deprecation headers, including for errors raised before a route is reached (a body that does not parse).
 * A path no route serves takes the form of the controller path it falls under, else the contract's rule
 * (`/api/v1/…` current, any other `/api/…` legacy).
 */
@Injectable()
export class RoutePolicies {
  private paths: CollectedPaths | undefined;

  constructor(private readonly modules: ModulesContainer) {}

  formOf(path: string): PathForm {
    if (this.legacyPathOf(path)) {
      return 'legacy';
    }
    const lower = path.toLowerCase();
    if (under(lower, '/api/v1') || this.collect().current.some((prefix) => under(lower, prefix))) {
      return 'versioned';
    }
    return under(lower, '/api') ? 'legacy' : 'versioned';
  }

  /** The versioned successor of a legacy path, when its route names one. */
  successorOf(path: string): string | undefined {
    const legacy = this.legacyPathOf(path);
    return legacy?.successor === undefined ? undefined : `${legacy.successor}${path.slice(legacy.prefix.length).replace(/\/$/, '')}`;
  }

  private legacyPathOf(path: string): LegacyPath | undefined {
    const lower = path.toLowerCase();
    return this.collect().legacy.find((legacy) => under(lower, legacy.prefix));
  }

  private collect(): CollectedPaths {
    if (this.paths) {
      return this.paths;
    }
    const found: LegacyPath[] = [];
    const current: string[] = [];
    for (const module of this.modules.values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
        if (!controller) {
          continue;
        }
        const bases = pathsOf(controller);
        const own = Reflect.getMetadata(LEGACY_ROUTE, controller) as LegacyRouteOptions | undefined;
        if (own) {
          found.push(...bases.map((base) => ({ prefix: normalized(base), successor: own.successor })));
        } else {
          current.push(...bases.map(normalized).filter((base) => under(base, '/api') && base !== '/api' && !under(base, '/api/v1')));
        }
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = (controller.prototype as Record<string, unknown>)[name];
          const options = typeof handler === 'function' ? (Reflect.getMetadata(LEGACY_ROUTE, handler) as LegacyRouteOptions | undefined) : undefined;
          if (options) {
            for (const base of bases) {
              found.push(...pathsOf(handler as object).map((path) => ({ prefix: normalized(`${base}/${path}`), successor: options.successor })));
            }
          }
        }
      }
    }
    this.paths = { legacy: found, current };
    return this.paths;
  }
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

function pathsOf(target: object): string[] {
  const paths = Reflect.getMetadata(PATH_METADATA, target) as string | string[] | undefined;
  return Array.isArray(paths) ? paths : [paths ?? ''];
}

function normalized(path: string): string {
  return `/${path.split('/').filter(Boolean).join('/')}`.toLowerCase();
}

@Global()
@Module({ providers: [RoutePolicies], exports: [RoutePolicies] })
export class RoutePoliciesModule {}
